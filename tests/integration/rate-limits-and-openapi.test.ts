import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

const report = { ErrorLog: 'Export failed', Severity: 'Minor', Time: '09:30' };

describe('request limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reportaproblem/send',
      payload: report,
      remoteAddress,
    });

  it('accepts 10 problem reports a minute from one address, then answers 429 and stores nothing more', async () => {
    for (let i = 0; i < 10; i += 1) expect((await send('203.0.113.7')).statusCode).toBe(200);
    const refused = await send('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Message).toMatch(/^Too many requests; try again in \d+ seconds\.$/);
    const stored = await t.database.db
      .selectFrom('problemReports')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(10);
  });

  it('counts each address apart', async () => {
    expect((await send('198.51.100.20')).statusCode).toBe(200);
  });
});

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('describes the API from the routes’ own schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const send = doc.paths['/api/reportaproblem/send'].post;
    const body = send.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['ErrorLog', 'Severity', 'Time']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/api/routes', '/api/menu/GetMenu']),
    );
  });
});
