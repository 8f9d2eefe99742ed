import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStampFile } from '../../server/build/app-build-stamp';
import { precompressDirectory } from '../../server/build/precompress';
import { createTestApp, type TestApp } from '../support/test-app';

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i} }`).join(', ')}];`;
const page = `<!doctype html><title>shell</title>${'<meta name="x" content="y" />'.repeat(60)}`;

/** A built app as `vite build` leaves it: files, their .br and .gz copies, and the stamp. */
async function builtApp(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'asphalt-built-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), page);
  await writeFile(path.join(dir, 'assets', 'main-abc123.js'), script);
  await writeFile(path.join(dir, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dir, buildStampFile), '{"fingerprint":"f","builtAt":"now"}');
  await precompressDirectory(dir);
  return dir;
}

describe('the browser app, precompressed at build', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { STATIC_DIR: await builtApp() } });
  });
  afterAll(() => test.close());

  const get = (url: string, acceptEncoding?: string) =>
    test.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends brotli to a browser that accepts it, with Vary and the asset cache', async () => {
    const res = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends the page for deep links compressed and still never cached', async () => {
    const res = await get('/admin/users', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('leaves files too small to gain as they are, and keeps the build stamp private', async () => {
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    expect((await get(`/${buildStampFile}`)).statusCode).toBe(404);
  });
});
