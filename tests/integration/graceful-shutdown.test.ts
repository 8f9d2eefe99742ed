import Fastify from 'fastify';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config/config';
import { createTestDatabase } from '../support/test-database';

describe('graceful shutdown', () => {
  it('lets a request in flight finish while closing, and turns new ones away with 503', async () => {
    const database = await createTestDatabase();
    const app = Fastify({ return503OnClosing: true });
    await app.register(buildApp, {
      config: loadConfig({ DATA_DIR: tmpdir() }),
      secrets: { jwtSecret: 'x'.repeat(40) },
      database,
      ownsDatabase: true,
    });
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      const schema = {
        response: { 200: { type: 'object', properties: { done: { type: 'boolean' } } } },
      };
      app.get('/api/test/slow', { config: { permission: 'everybody' }, schema }, async () => {
        resolveStarted();
        await new Promise<void>((resolve) => (release = resolve));
        return { done: true };
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/api/test/slow`);
    await started;
    const closed = app.close();
    let closeFinished = false;
    void closed.then(() => (closeFinished = true));
    // A late request is refused: 503 on a kept-alive connection, or no connection at all.
    const late = await fetch(`${address}/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    // That round trip gave the close its chance to finish: it still waits for the request.
    expect(closeFinished).toBe(false);

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closed;
    await expect(database.ping()).rejects.toThrow(/closed/);
    await database.dispose();
  });
});
