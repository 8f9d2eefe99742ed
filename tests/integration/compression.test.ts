import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventReader } from '../support/event-stream';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Answers travel compressed when the browser accepts it (a translation file was 40% of the
 * sign-in page), except the live event stream, which must reach the browser as it is written.
 */
describe('compressed answers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  const translations = (encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/Language/translations/en-gb?v=1',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends a translation file in brotli or gzip, the same texts as uncompressed', async () => {
    const plain = await translations();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const texts = plain.json<Record<string, string>>();
    expect(Object.keys(texts).length).toBeGreaterThan(500);

    const br = await translations('br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(texts);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await translations('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(texts);
  });

  it('sends a signed-in list compressed too, and a small answer as it is', async () => {
    const cookie = await signIn(t.app, 'admin');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/Language/GetTranslationsByLanguage?language=en-gb',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString('utf8')).length).toBeGreaterThan(500);

    const health = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the live state stream, whose events arrive as they are written', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cookie = await signIn(t.app, 'employee1');
    const response = await fetch(`${base}/api/Deliveries/StateStream`, {
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = eventReader(response.body!);
    expect(await reader.until((text) => text.includes('retry: 5000\n\n'), 3_000)).toBe(true);
    await reader.cancel();
  });
});
