import Fastify from 'fastify';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** The app plus two routes that misbehave on purpose, over a built-app folder of our own. */
async function buildAppWithFaultyRoutes(database: TestDatabase) {
  const staticDir = await mkdtemp(path.join(tmpdir(), 'asphalt-static-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(staticDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  const config = loadConfig({ DATA_DIR: staticDir, STATIC_DIR: staticDir });
  const app = Fastify({ routerOptions: { caseSensitive: false } });
  await app.register(buildApp, {
    config,
    secrets: { jwtSecret: 'x'.repeat(40) },
    database,
    ownsDatabase: false,
  });
  const text = { response: { 200: { type: 'string' } } } as const;
  app.get('/api/test/fault', { config: { permission: 'everybody' }, schema: text }, async () => {
    throw new Error('relation "secret_table" does not exist: SELECT * FROM secret_table');
  });
  app.get(
    '/api/test/admin-only',
    { config: { permission: 'ManageUsers' }, schema: text },
    async () => 'no',
  );
  await app.ready();
  return app;
}

describe('errors and the browser app', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildAppWithFaultyRoutes>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildAppWithFaultyRoutes(database);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('answers a server fault with Message and ExceptionMessage, never the stack or SQL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/fault' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.Message).toBe('An error has occurred.');
    expect(body.ExceptionMessage).toMatch(/reference/);
    expect(res.body).not.toMatch(/secret_table|SELECT|at .*\.ts/);
  });

  it('answers 401 to an anonymous caller of a route needing a permission', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/admin-only' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ Message: 'Please sign in to continue.' });
  });

  it('answers 401, not whether it exists, to an anonymous caller of any odata list', async () => {
    const res = await app.inject({ method: 'GET', url: '/odata/NothingOData' });
    expect(res.statusCode).toBe(401);
  });

  it.each(['/api/nothing/here', '/odata/nothing/here', '/API/Nothing'])(
    'answers unknown %s with 404 JSON',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().Message).toContain(url);
    },
  );

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reportaproblem/send',
      headers: { 'content-type': 'application/json' },
      payload: '{"ErrorLog": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toMatch(/JSON/i);
  });

  it('serves the app for deep links, never cached', async () => {
    for (const url of ['/', '/admin/users', '/some/unknown/path?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>shell</title>');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(res.statusCode).toBe(404);
  });

  it('answers an unknown non-GET path with 404 JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/somewhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json().Message).toMatch(/POST \/somewhere/);
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('route declarations', () => {
  it('refuses to start when an API route declares no permission', async () => {
    const database = await createTestDatabase({ seed: false });
    const app = Fastify();
    try {
      await app.register(buildApp, {
        config: loadConfig({ DATA_DIR: tmpdir() }),
        secrets: { jwtSecret: 'x'.repeat(40) },
        database,
        ownsDatabase: false,
      });
      const start = async () => {
        app.get('/api/test/open', async () => 'open');
        await app.ready();
      };
      await expect(start()).rejects.toThrow(/GET \/api\/test\/open declares no permission/);
    } finally {
      await app.close().catch(() => undefined);
      await database.dispose();
    }
  });
});
