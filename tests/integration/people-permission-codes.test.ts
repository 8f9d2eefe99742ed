import { type RJSFSchema, retrieveSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionEntity, systemPermissions } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

interface PermissionAnswer {
  Id: number;
  Code: string;
  Name: string;
  IsParameterised: boolean;
  IsSystem: boolean;
  Version: number;
}

const save = '/api/permissions/SavePermission';
const rows = `/api/dataSources/${permissionEntity.id}/data`;
const manageUsers = systemPermissions.find((p) => p.Code === 'ManageUsers')!;
const amendDeliveries = systemPermissions.find((p) => p.Code === 'AmendDeliveries')!;

/** The codes of system permissions are what the server's checks name: they never change. */
describe('system permission codes are read-only on every path', () => {
  let t: TestApp;
  let client: ApiClient;
  const stored = (id: number) =>
    t.database.db.selectFrom('permissions').selectAll().where('id', '=', id).executeTakeFirst();
  const read = async (id: number) =>
    (
      await client.get('admin', `/api/permissions/GetPermissionById/${id}`)
    ).json<PermissionAnswer>();
  const changeLogsOf = (id: number) =>
    t.database.db
      .selectFrom('changeLogs')
      .select('id')
      .where('entityType', '=', permissionEntity.entityType)
      .where('entityId', '=', String(id))
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  const refusedCode = (code: string) => ({
    Field: 'Code',
    Message: `'${code}' is a system permission: its code cannot be changed.`,
  });

  it('refuses a new code through SavePermission, naming the field, and changes nothing', async () => {
    for (const permission of [manageUsers, amendDeliveries]) {
      const before = await stored(permission.Id);
      const logs = (await changeLogsOf(permission.Id)).length;
      const current = await read(permission.Id);
      const res = await client.post('admin', save, {
        Id: current.Id,
        Code: `${permission.Code}Renamed`,
        Name: current.Name,
        Version: current.Version,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Errors: [refusedCode(permission.Code)] });
      expect(res.json<{ Message: string }>().Message).toContain('Code');
      expect(await stored(permission.Id)).toEqual(before);
      expect(await changeLogsOf(permission.Id)).toHaveLength(logs);
    }
  });

  it('refuses a new code through the generic data routes, and changes nothing', async () => {
    const before = await stored(manageUsers.Id);
    const current = await read(manageUsers.Id);
    for (const method of ['PUT', 'POST'] as const) {
      const res = await client.call('admin', method, rows, {
        Id: manageUsers.Id,
        Json: JSON.stringify({ ...current, Code: 'ManageEveryone' }),
      });
      expect(res.statusCode, method).toBe(400);
      if (method === 'PUT')
        expect(res.json()).toMatchObject({ Errors: [refusedCode('ManageUsers')] });
    }
    expect(await stored(manageUsers.Id)).toEqual(before);
    // A code that differs only by white space around it is the same code.
    const same = await client.put('admin', rows, {
      Id: manageUsers.Id,
      Json: { Code: ' ManageUsers ', Version: current.Version },
    });
    expect(same.statusCode).toBe(200);
    expect(await stored(manageUsers.Id)).toMatchObject({ code: 'ManageUsers', name: before!.name });
  });

  it("keeps a system permission's name editable", async () => {
    const current = await read(amendDeliveries.Id);
    const res = await client.post('admin', save, {
      Id: current.Id,
      Code: current.Code,
      Name: 'Amend deliveries (inputs only)',
      Version: current.Version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Code: 'AmendDeliveries',
      Name: 'Amend deliveries (inputs only)',
      IsSystem: true,
    });
    // A save that leaves the code out keeps it.
    const byData = await client.put('admin', rows, {
      Id: current.Id,
      Json: { Name: 'Amend deliveries', Version: res.json<PermissionAnswer>().Version },
    });
    expect(byData.statusCode, byData.body).toBe(200);
    expect(await stored(amendDeliveries.Id)).toMatchObject({
      code: 'AmendDeliveries',
      name: 'Amend deliveries',
    });
  });

  it('lets a permission of the installation (id 1000 or more) be renamed on both paths', async () => {
    const made = await client.post('admin', save, { Code: 'CloseSites', Name: 'Close sites' });
    expect(made.statusCode).toBe(200);
    const permission = made.json<PermissionAnswer>();
    expect(permission.Id).toBeGreaterThanOrEqual(1000);
    const renamed = await client.post('admin', save, {
      ...permission,
      Code: 'CloseRoadSites',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ Code: 'CloseRoadSites', IsSystem: false });
    const again = await client.put('admin', rows, {
      Id: permission.Id,
      Json: { Code: 'CloseSitesAgain', Version: renamed.json<PermissionAnswer>().Version },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored(permission.Id)).toMatchObject({ code: 'CloseSitesAgain' });
  });

  it('draws the code read-only in the form of a system permission row only', () => {
    const schema = permissionEntity.schema as unknown as RJSFSchema;
    const codeOf = (row: Record<string, unknown>) =>
      (retrieveSchema(validator, schema, schema, row).properties?.Code ?? {}) as RJSFSchema;
    expect(codeOf({ Id: 1, Code: 'ManageUsers', IsSystem: true }).readOnly).toBe(true);
    expect(codeOf({ Id: 1000, Code: 'CloseSites', IsSystem: false }).readOnly).toBeUndefined();
    expect(codeOf({ Id: 0, Code: '' }).readOnly).toBeUndefined();
  });
});
