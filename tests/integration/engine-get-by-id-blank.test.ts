import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeLogEntity,
  companyEntity,
  deliveryEntity,
  type EntityDefinition,
  materialEntity,
  permissionEntity,
  unitEntity,
} from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/** The defaults a new row starts from, as the entity's JSON Schema declares them. */
function schemaDefaults(entity: EntityDefinition) {
  const props = (entity.schema.properties ?? {}) as Record<string, { default?: unknown }>;
  return Object.fromEntries(
    Object.entries(props)
      .filter(([, schema]) => schema.default !== undefined)
      .map(([field, schema]) => [field, schema.default]),
  );
}

/** The spec's get-by-id calls answered straight from one entity's row. */
const entityCalls: [url: string, entity: EntityDefinition][] = [
  ['/api/units/GetUnitById', unitEntity],
  ['/api/materials/GetMaterialById', materialEntity],
  ['/api/companies/GetCompanyById', companyEntity],
  ['/api/permissions/GetPermissionById', permissionEntity],
  ['/api/Deliveries/GetDeliveryById', deliveryEntity],
  ['/api/changelog/GetChangeLogById', changeLogEntity],
  [`/api/dataSources/${unitEntity.id}/data`, unitEntity],
  [`/api/dataSources/${permissionEntity.id}/data`, permissionEntity],
];

/** The editors' get-by-id calls, whose answer composes the entity with its lists. */
const editorCalls = [
  '/api/users/GetUserById',
  '/api/groups/GetGroupById',
  '/api/roles/GetRoleById',
];

describe('get-by-id with id 0 (or below) answers the blank entity, never a 404', () => {
  let t: TestApp;
  let client: ApiClient;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());

  for (const [url, entity] of entityCalls) {
    for (const id of [0, -1]) {
      it(`${url}/${id}`, async () => {
        const res = await client.get('admin', `${url}/${id}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<Record<string, unknown>>();
        expect(body[entity.storage.fields.Id ? 'Id' : Object.keys(body)[0]!]).toBe(0);
        const defaults = schemaDefaults(entity);
        for (const [field, value] of Object.entries(defaults)) {
          if (field in body) expect(body[field], field).toEqual(value);
        }
      });
    }
  }

  for (const url of editorCalls) {
    for (const id of [0, -1]) {
      it(`${url}/${id}`, async () => {
        const res = await client.get('admin', `${url}/${id}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ Id: number }>().Id).toBe(0);
      });
    }
  }

  it('still answers 404 for a positive id that does not exist', async () => {
    for (const [url] of entityCalls) {
      expect((await client.get('admin', `${url}/999999`)).statusCode, url).toBe(404);
    }
    for (const url of editorCalls) {
      expect((await client.get('admin', `${url}/999999`)).statusCode, url).toBe(404);
    }
  });

  it('keeps the blank entity behind the call permission', async () => {
    const res = await client.get('employee1', '/api/permissions/GetPermissionById/0');
    expect(res.statusCode).toBe(403);
  });
});
