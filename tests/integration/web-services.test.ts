import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebServiceItem } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * `GET /api/ViewWebservices/GetViewWebservices`: every API route of the server's own route
 * table, with the spec's method filter (ANY, ANYR, a method) and Audited filter (1 or 2 all, 3
 * audited only), for holders of ManagePermissions.
 */

let t: TestApp;
let client: ApiClient;
const url = '/api/ViewWebservices/GetViewWebservices';

const listed = async (query = '') => {
  const answer = await client.get('admin', `${url}${query}`);
  expect(answer.statusCode, query).toBe(200);
  return answer.json<WebServiceItem[]>();
};

const count = async (table: string) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select cast(count(*) as integer) as n from ${sql.table(table)}`.execute(t.database.db)
    ).rows[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

describe('GET /api/ViewWebservices/GetViewWebservices', () => {
  it('lists every API route of the route table, named by method and path', async () => {
    const items = await listed();
    const apiRoutes = t.app.routeTable.filter(
      (route) => route.url.startsWith('/api/') || route.url.startsWith('/odata/'),
    );
    expect(items).toHaveLength(apiRoutes.length);
    const names = new Set(items.map((item) => item.Name));
    for (const route of apiRoutes) expect(names).toContain(`${route.method} ${route.url}`);
    expect(items).toContainEqual({
      Name: `GET ${url}`,
      ActionPath: url,
      Method: 'GET',
      Audited: false,
    });
    expect(items).toContainEqual(
      expect.objectContaining({ Name: 'GET /odata/:entitySet', ActionPath: '/odata/:entitySet' }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ Name: 'POST /api/auth/login', Audited: true }),
    );
    // Not the browser app's pages, nor its files.
    expect(items.every((item) => /^\/(api|odata)\//.test(item.ActionPath))).toBe(true);
  });

  it('filters by method: ANY is all, ANYR and GET the reads, another method its routes', async () => {
    const all = await listed();
    expect(await listed('?method=ANY')).toEqual(all);
    const reads = await listed('?method=GET');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((item) => item.Method === 'GET')).toBe(true);
    expect(reads).toEqual(all.filter((item) => item.Method === 'GET'));
    expect(await listed('?method=ANYR')).toEqual(reads);
    const posts = await listed('?method=POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts).toEqual(all.filter((item) => item.Method === 'POST'));
    expect(await listed('?method=DELETE')).toEqual(all.filter((item) => item.Method === 'DELETE'));
  });

  it('filters by Audited: 1 and 2 are all, 3 the audited routes only', async () => {
    const all = await listed();
    expect(await listed('?audited=1')).toEqual(all);
    expect(await listed('?audited=2')).toEqual(all);
    const audited = await listed('?audited=3');
    expect(audited).toEqual(all.filter((item) => item.Audited));
    expect(audited.map((item) => item.Name)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/units/SaveUnit',
        'POST /api/dataSources/:id/data',
        'POST /api/Language/CreateLanguage',
        'PUT /api/Language/UpdateTranslations',
        'POST /api/Language/ImportLanguage',
        'POST /api/downloaduploadmaterials/save',
        'POST /api/syncunits/ApplySyncUnits',
        'POST /api/settings/save',
      ]),
    );
    expect(await listed('?method=GET&audited=3')).toEqual(
      audited.filter((item) => item.Method === 'GET'),
    );
  });

  it('answers 400 naming the filter for a bad value', async () => {
    for (const [query, field] of [
      ['?method=FETCH', 'method'],
      ['?method=get;', 'method'],
      ['?audited=4', 'audited'],
      ['?audited=yes', 'audited'],
      ['?verb=GET', 'verb'],
    ] as const) {
      const answer = await client.get('admin', `${url}${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json<{ Message: string }>().Message, query).toContain(field);
    }
  });

  it('is refused to employee1 (403) and to a visitor (401)', async () => {
    expect((await client.get('employee1', url)).statusCode).toBe(403);
    expect((await client.get('manager', url)).statusCode).toBe(403);
    const visitor = await client.get(null, url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json<{ Message: string }>().Message).toBeTruthy();
  });
});

describe('what Audited means', () => {
  it('marks only routes that change something', () => {
    for (const route of t.app.routeTable.filter((entry) => entry.config.audited)) {
      const writes = route.method !== 'GET' || route.config.stateChanging === true;
      expect(writes, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('holds: an audited call leaves a record, an unaudited one none', async () => {
    const logs = await count('change_logs');
    const saved = await client.post('admin', '/api/units/SaveUnit', {
      Code: 'WS01',
      Name: 'Web service check',
      Active: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(await count('change_logs')).toBe(logs + 1);

    const attempts = await count('login_audit');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { User: 'nobody-here', Pass: 'a'.repeat(128), Save: false },
    });
    expect(signIn.statusCode).toBe(200);
    expect(await count('login_audit')).toBe(attempts + 1);

    // Logout is not audited: it leaves neither record.
    const items = await listed('?method=POST');
    expect(items.find((item) => item.ActionPath === '/api/auth/logout')?.Audited).toBe(false);
    await client.post('manager', '/api/auth/logout', {});
    expect(await count('login_audit')).toBe(attempts + 1);
    expect(await count('change_logs')).toBe(logs + 1);
  });
});
