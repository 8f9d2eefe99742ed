import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleEntity, userEntity } from '#metadata';
import { loadConfig } from '../../server/config/config';
import { createServer } from '../../server/server';
import { apiClient, type ApiClient } from '../support/api-client';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const nulMessage = 'Text may not contain the NUL character.';
const rowsOf = (entityId: number) => `/api/dataSources/${entityId}/data`;

/** What a same-origin `fetch` of the app's own http client carries in a modern browser. */
const fromTheApp = {
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};

function expectNulRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    Message: nulMessage,
    Errors: [{ Field: field, Message: nulMessage }],
  });
}

/**
 * Issue 12: one contract for what the API takes and what it answers, as a hostile client
 * tries it: no NUL character reaches the database, bodies are not coerced, API answers are
 * never cached, deletes by GET come only from the application, and tickets stay out of logs.
 */
describe('HTTP input and answer contract', () => {
  let t: TestApp;
  let client: ApiClient;
  let adminCookie: string;

  const roleNamed = (name: string) =>
    t.database.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
  const roleCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('roles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    adminCookie = await signIn(t.app, 'admin');
  });
  afterAll(() => t.close());

  describe('1. the NUL character is refused on every path, naming the field', () => {
    it('in OData query options and value-list searches', async () => {
      expectNulRefused(
        await client.get(
          'admin',
          `/odata/UsersOData?$filter=${encodeURIComponent("Name eq 'a\u0000'")}`,
        ),
        '$filter',
      );
      expectNulRefused(
        await client.get('admin', `${rowsOf(userEntity.id)}?$search=adm%00in`),
        '$search',
      );
      expectNulRefused(
        await client.get('admin', `${rowsOf(userEntity.id)}?$orderby=Name%00`),
        '$orderby',
      );
      expectNulRefused(
        await client.get('admin', '/api/entities/Users/values/Name?search=ad%00'),
        'search',
      );
      // In a parameter's name as well as its value.
      expectNulRefused(
        await client.get('admin', '/odata/UsersOData?%24fil%00ter=x'),
        '$fil\\u0000ter',
      );
    });

    it('in url-encoded path parameters', async () => {
      expectNulRefused(await client.get('admin', '/api/entities/Us%00ers/values/Name'), 'name');
      expectNulRefused(await client.get('admin', '/api/entities/Users/values/Na%00me'), 'field');
      expectNulRefused(await client.get(null, '/api/users/GetUserByTicket/abc%00def'), 'ticket');
      expectNulRefused(await client.get(null, '/api/Language/translations/en%00'), 'language');
      const remove = await t.app.inject({
        method: 'GET',
        url: '/api/users/DeleteUser/%00',
        headers: { cookie: adminCookie, ...fromTheApp },
      });
      expectNulRefused(remove, 'id');
    });

    it('in JSON bodies, in values and in names, at any depth, and changes nothing', async () => {
      const before = await roleCount();
      expectNulRefused(
        await client.post('admin', '/api/Roles/SaveRole', { Name: 'Night\u0000shift' }),
        'Name',
      );
      expectNulRefused(
        await client.post('admin', '/api/Roles/SaveRole', { Name: 'Keys', 'Is\u0000Admin': true }),
        'Is\\u0000Admin',
      );
      expectNulRefused(
        await client.post('admin', '/api/Roles/SaveRole', {
          Name: 'Nested',
          Permissions: [{ Id: 1, 'Is\u0000Checked': true }],
        }),
        'Permissions.0.Is\\u0000Checked',
      );
      let deep: unknown = 'bottom\u0000';
      for (let level = 0; level < 200; level++) deep = { Inner: deep };
      const deepRes = await client.post('admin', '/api/Roles/SaveRole', { Name: 'Deep', X: deep });
      expect(deepRes.statusCode).toBe(400);
      expect(deepRes.json().Errors[0].Field).toMatch(/^X(\.Inner){200}$/);
      expect(await roleCount()).toBe(before);
    });

    it('inside the JSON text of a generic row save, on create and on update', async () => {
      const before = await roleCount();
      const created = await client.post('admin', rowsOf(roleEntity.id), {
        Json: JSON.stringify({ Name: 'Text\u0000row' }),
      });
      expectNulRefused(created, 'Json.Name');
      const own = await client.post('admin', '/api/Roles/SaveRole', { Name: 'Row target' });
      expect(own.statusCode).toBe(200);
      const role = own.json<{ Id: number; Version: number }>();
      const updated = await client.put('admin', rowsOf(roleEntity.id), {
        Id: role.Id,
        Json: JSON.stringify({ Name: 'Renamed\u0000', Version: role.Version }),
      });
      expectNulRefused(updated, 'Json.Name');
      expect(await roleCount()).toBe(before + 1);
      expect(await roleNamed('Row target')).toBeDefined();
    });

    it('on sign-in and on anonymous calls, before anything reaches the database', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { User: 'adm\u0000in', Pass: 'x'.repeat(128), Save: false },
      });
      expectNulRefused(login, 'User');
      const recover = await client.post(null, '/api/Users/RecoverPassword', {
        Email: 'a\u0000@example.com',
      });
      expect(recover.statusCode).toBe(400);
    });

    it('never answers 500 to any of them', async () => {
      const calls: InjectOptions[] = [
        { method: 'GET', url: '/odata/RolesOData?$filter=Name%20eq%20%27%00%27' },
        { method: 'GET', url: '/odata/RolesOData?$select=Name%00' },
        { method: 'GET', url: `${rowsOf(roleEntity.id)}/%00` },
        { method: 'GET', url: '/api/entities/Roles/values/Name?search=%00&top=5' },
        { method: 'POST', url: '/api/compaction/calculate', payload: { MixType: '\u0000' } },
        { method: 'GET', url: '/api/WeatherForecast/GetGeolocationByPostcode?postcode=SW%00' },
        {
          method: 'POST',
          url: '/api/logging/ClientError',
          payload: { Message: 'boom\u0000' },
        },
      ];
      for (const call of calls) {
        const res = await t.app.inject({
          ...call,
          headers: { cookie: adminCookie, ...fromTheApp },
        });
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBeLessThan(500);
      }
    });
  });

  describe('2. bodies are taken as sent: no type coercion', () => {
    it('refuses a number where a text is expected, and stores nothing', async () => {
      const res = await client.post('admin', '/api/Roles/SaveRole', { Name: 12345 });
      expect(res.statusCode).toBe(400);
      expect(res.json().Errors).toContainEqual({ Field: 'Name', Message: 'must be string' });
      expect(await roleNamed('12345')).toBeUndefined();
    });

    it('refuses a text where a number or a boolean is expected', async () => {
      const res = await client.post('employee1', '/api/compaction/calculate', {
        ThicknessMm: '50',
        LayingTemperature: 150,
        AirTemperature: 15,
        WindSpeedKmh: 10,
        WarmMixAdditive: 'true',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().Errors).toEqual(
        expect.arrayContaining([
          { Field: 'ThicknessMm', Message: 'must be number' },
          { Field: 'WarmMixAdditive', Message: 'must be boolean' },
        ]),
      );
      const typed = await client.post('employee1', '/api/compaction/calculate', {
        ThicknessMm: 50,
        LayingTemperature: 150,
        AirTemperature: 15,
        WindSpeedKmh: 10,
      });
      expect(typed.statusCode, typed.body).toBe(200);
    });

    it('refuses a wrongly typed field in the engine’s own saves', async () => {
      const before = await roleCount();
      const generic = await client.post('admin', rowsOf(roleEntity.id), {
        Json: { Name: 12345 },
      });
      expect(generic.statusCode).toBe(400);
      expect(generic.json().Errors).toContainEqual({ Field: 'Name', Message: 'must be string' });
      const asText = await client.post('admin', rowsOf(roleEntity.id), {
        Json: JSON.stringify({ Name: 12345 }),
      });
      expect(asText.statusCode).toBe(400);
      expect(asText.json().Errors).toContainEqual({ Field: 'Name', Message: 'must be string' });
      const unit = await client.post('admin', '/api/units/SaveUnit', { Code: 'T1', Name: 12345 });
      expect(unit.statusCode).toBe(400);
      expect(unit.json().Errors).toContainEqual({ Field: 'Name', Message: 'must be string' });
      expect(await roleCount()).toBe(before);
      expect(await roleNamed('12345')).toBeUndefined();
    });

    it('still reads numbers from the path and the query string', async () => {
      const values = await client.get('admin', '/api/entities/Users/values/Name?search=adm&top=5');
      expect(values.statusCode, values.body).toBe(200);
      expect(values.json()).toContain('admin');
      const blank = await client.get('admin', `${rowsOf(roleEntity.id)}/0`);
      expect(blank.statusCode).toBe(200);
      const wrong = await client.get('admin', '/api/entities/Users/values/Name?top=many');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().Errors).toContainEqual({ Field: 'top', Message: 'must be integer' });
    });
  });

  describe('3. API answers are never stored by a cache', () => {
    it('marks signed-in answers, errors and anonymous answers no-store', async () => {
      const answers = await Promise.all([
        client.get('admin', '/odata/UsersOData?$select=Name'),
        client.get('admin', `${rowsOf(userEntity.id)}?$top=1`),
        client.get('admin', '/api/menu/GetMenu'),
        client.get('admin', '/api/nothing/here'),
        client.get('employee1', `/api/users/DeleteUser/1`),
        client.get('employee1', '/api/Language/GetLanguages'),
        client.get(null, '/api/users/GetCurrentUser'),
        client.get(null, `${rowsOf(userEntity.id)}`),
        client.post('admin', '/api/Roles/SaveRole', { Name: 12 }),
      ]);
      for (const res of answers) {
        expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
      }
    });

    it('keeps the caching of answers that are the same for everybody', async () => {
      const languages = await client.get(null, '/api/Language/GetLanguages');
      expect(languages.headers['cache-control']).toBe('no-cache');
      for (const user of [null, 'admin']) {
        const res = await client.get(user, '/api/Language/translations/en-gb?v=abc');
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('leaves the pages of the browser app alone', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/admin/users' });
      expect(page.headers['cache-control']).not.toBe('no-store');
    });
  });

  describe('4. deletes by GET answer only the application itself', () => {
    const newRole = async (name: string) => {
      const res = await client.post('admin', '/api/Roles/SaveRole', { Name: name });
      expect(res.statusCode).toBe(200);
      return res.json<{ Id: number }>().Id;
    };
    const deleteRole = (id: number, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/roles/DeleteRole/${id}`, headers });

    it('refuses calls from other sites, and the role stays', async () => {
      const id = await newRole('Target of forgery');
      const forged: Record<string, string>[] = [
        {},
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/cats.html' },
        { referer: 'http://localhost.evil.example/' },
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
        { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
        { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
        { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
        { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
        { ...fromTheApp, origin: 'https://evil.example' },
        { ...fromTheApp, referer: 'https://evil.example/' },
      ];
      for (const headers of forged) {
        const res = await deleteRole(id, { cookie: adminCookie, ...headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json()).toEqual({ Message: 'This call must come from the application itself.' });
        expect(res.headers['cache-control']).toBe('no-store');
      }
      // Fastify answers HEAD with the GET's handler: the same rule holds.
      const head = await t.app.inject({
        method: 'HEAD',
        url: `/api/roles/DeleteRole/${id}`,
        headers: { cookie: adminCookie, origin: 'https://evil.example' },
      });
      expect(head.statusCode).toBe(403);
      expect(await roleNamed('Target of forgery')).toEqual({ id });
    });

    it('refuses a cookie call that shows none of Origin, Referer and Fetch Metadata, on every delete', async () => {
      for (const url of [
        '/api/users/DeleteUser/99999',
        '/api/roles/DeleteRole/99999',
        '/api/groups/DeleteGroup/99999',
        '/api/companies/DeleteCompany/99999',
        '/api/permissions/DeletePermission/99999',
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
        expect(res.statusCode, url).toBe(403);
        const own = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: adminCookie, ...fromTheApp },
        });
        expect(own.statusCode, url).toBe(404);
      }
    });

    it('deletes for the application’s own fetch', async () => {
      const id = await newRole('Deleted by fetch');
      const res = await deleteRole(id, { cookie: adminCookie, ...fromTheApp });
      expect(res.statusCode).toBe(204);
      expect(await roleNamed('Deleted by fetch')).toBeUndefined();
    });

    it('deletes for an older browser that sends a same-origin Referer or Origin', async () => {
      const first = await newRole('Deleted by referer');
      const byReferer = await deleteRole(first, {
        cookie: adminCookie,
        referer: 'http://localhost:80/admin/roles',
      });
      expect(byReferer.statusCode).toBe(204);
      const second = await newRole('Deleted by origin');
      const byOrigin = await deleteRole(second, {
        cookie: adminCookie,
        origin: 'http://localhost',
      });
      expect(byOrigin.statusCode).toBe(204);
      expect(await roleNamed('Deleted by referer')).toBeUndefined();
      expect(await roleNamed('Deleted by origin')).toBeUndefined();
    });

    it('deletes for the application client in a browser without Fetch Metadata or Referer', async () => {
      // The app's http client marks its calls; another site cannot add the header without a
      // CORS preflight, and a forged Origin still wins over it.
      const id = await newRole('Deleted by old browser');
      const ownClient = { 'x-requested-with': 'XMLHttpRequest' };
      const forged = await deleteRole(id, {
        cookie: adminCookie,
        ...ownClient,
        origin: 'https://evil.example',
      });
      expect(forged.statusCode).toBe(403);
      const res = await deleteRole(id, { cookie: adminCookie, ...ownClient });
      expect(res.statusCode).toBe(204);
      expect(await roleNamed('Deleted by old browser')).toBeUndefined();
    });

    it('deletes for a program signed in with a bearer token, which is no browser', async () => {
      const id = await newRole('Deleted by program');
      const token = adminCookie.replace(/^session=/, '');
      const res = await deleteRole(id, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(204);
      expect(await roleNamed('Deleted by program')).toBeUndefined();
    });

    it('takes the configured public address as the application’s own', async () => {
      const behindProxy = await createTestApp({
        demo: true,
        env: { PUBLIC_URL: 'https://asphalt.example' },
      });
      try {
        const cookie = await signIn(behindProxy.app, 'admin');
        const saved = await behindProxy.app.inject({
          method: 'POST',
          url: '/api/Roles/SaveRole',
          headers: { cookie },
          payload: { Name: 'Behind the proxy' },
        });
        const id = saved.json<{ Id: number }>().Id;
        const call = (origin: string) =>
          behindProxy.app.inject({
            method: 'GET',
            url: `/api/roles/DeleteRole/${id}`,
            headers: { cookie, origin, host: 'internal:8080' },
          });
        expect((await call('https://elsewhere.example')).statusCode).toBe(403);
        expect((await call('https://asphalt.example')).statusCode).toBe(204);
      } finally {
        await behindProxy.close();
      }
    });
  });
});

describe('5. tickets never reach the log', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  const lines: string[] = [];

  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'asphalt-test-')),
      LOG_LEVEL: 'debug',
      JOBS: '0',
    });
    database = await createTestDatabase();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await createServer({ config, database, logStream });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('logs ticket paths, secret query parameters and browser error reports redacted', async () => {
    const tickets = Array.from({ length: 8 }, () => randomBytes(24).toString('base64url'));
    const [a, b, c, d, e, f, g, h] = tickets as [string, ...string[]];
    await app.inject({ method: 'GET', url: `/api/users/GetUserByTicket/${a}` });
    await app.inject({ method: 'GET', url: `/API/Users/getuserbyticket/${b}?x=1` });
    await app.inject({ method: 'GET', url: `/resetpassword/${c}` });
    await app.inject({ method: 'GET', url: `/registerbyticket/${d}/` });
    await app.inject({ method: 'GET', url: `/confirmemail/${e}` });
    await app.inject({
      method: 'GET',
      url: `/api/users/GetCurrentUser?ticket=${f}&Token=${g}&password=x${h}&postcode=SW1A`,
    });
    await app.inject({
      method: 'POST',
      url: '/api/logging/ClientError',
      payload: {
        Message: `TypeError on https://asphalt.example/resetpassword/${a}`,
        Url: `https://asphalt.example/registerbyticket/${b}`,
      },
    });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/users/GetUserByTicket/[redacted]');
    expect(log).toContain('/resetpassword/[redacted]');
    expect(log).toContain('postcode=SW1A');
    expect(log).toContain('browser error');
    for (const ticket of tickets) expect(log).not.toContain(ticket);
  });
});
