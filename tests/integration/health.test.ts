import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKind } from '../support/test-database';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      Database: 'up',
      Notifications: testDatabaseKind === 'postgres' ? 'up' : 'not used',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 once the database is gone, and the app keeps serving', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', Database: 'down' });
      expect(res.headers['retry-after']).toBe('5');
      const routes = await other.app.inject({ method: 'GET', url: '/api/routes' });
      expect(routes.statusCode).toBe(200);
      // A call that needs the database is told to try again, not that the server failed.
      const sent = await other.app.inject({
        method: 'POST',
        url: '/api/reportaproblem/send',
        payload: { ErrorLog: 'while the database is away', Severity: 'Minor', Time: '10:15' },
      });
      expect(sent.statusCode).toBe(503);
      expect(sent.headers['retry-after']).toBe('5');
      expect(sent.json()).toEqual({
        Message: 'The database is not available at the moment. Please try again in a few seconds.',
      });
    } finally {
      await other.app.close();
      await other.database.dispose();
    }
  });
});
