import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionEntity, systemPermissionIdLimit, systemPermissions } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Built-in permissions (ids under 1000) are named by the server's checks: no path deletes one
 * (spec), and each refusal says why; a permission of the installation is deleted as before.
 */

let t: TestApp;
let client: ApiClient;

const rows = `/api/dataSources/${permissionEntity.id}/data`;
const manageMenu = systemPermissions.find((permission) => permission.Code === 'ManageMenu')!;

const stored = (id: number) =>
  t.database.db.selectFrom('permissions').select(['id', 'code']).where('id', '=', id).execute();
const deleteLogs = () =>
  t.database.db
    .selectFrom('changeLogs')
    .select('id')
    .where('entityType', '=', permissionEntity.entityType)
    .execute();

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

describe('built-in permissions cannot be deleted', () => {
  it('are every permission the release seeds, all under id 1000', () => {
    expect(systemPermissions.length).toBeGreaterThan(20);
    for (const permission of systemPermissions) {
      expect(permission.Id).toBeLessThan(systemPermissionIdLimit);
    }
  });

  it('refuses DeletePermission and the generic delete of each with 409 and why, keeping the row', async () => {
    const logs = (await deleteLogs()).length;
    const message = `'${manageMenu.Code}' is a system permission and cannot be deleted.`;
    const spec = await client.get('admin', `/api/permissions/DeletePermission/${manageMenu.Id}`);
    expect(spec.statusCode).toBe(409);
    expect(spec.json()).toEqual({ Message: message });
    const generic = await client.call('admin', 'DELETE', `${rows}/${manageMenu.Id}`);
    expect(generic.statusCode).toBe(409);
    expect(generic.json()).toEqual({ Message: message });
    expect(await stored(manageMenu.Id)).toEqual([{ id: manageMenu.Id, code: 'ManageMenu' }]);
    expect(await deleteLogs()).toHaveLength(logs);
  });

  it('refuses every built-in one, whatever its id', async () => {
    for (const permission of systemPermissions) {
      const res = await client.call('admin', 'DELETE', `${rows}/${permission.Id}`);
      expect(res.statusCode, permission.Code).toBe(409);
    }
    const count = await t.database.db
      .selectFrom('permissions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '<', systemPermissionIdLimit)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(systemPermissions.length);
  });

  it('deletes a permission of the installation through the generic route', async () => {
    const created = await client.post('admin', '/api/permissions/SavePermission', {
      Code: 'InspectSites',
      Name: 'Inspect sites',
    });
    const { Id } = created.json<{ Id: number }>();
    expect(Id).toBeGreaterThanOrEqual(systemPermissionIdLimit);
    const res = await client.call('admin', 'DELETE', `${rows}/${Id}`);
    expect(res.statusCode).toBe(204);
    expect(await stored(Id)).toEqual([]);
  });
});
