import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config';
import { tileImageSource } from '../../server/modules/places/routes/map';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

const path = '/api/Map/GetMapSettings';
const tiles = 'https://{s}.tile.example.org/{z}/{x}/{y}.png';
const credit = '© Example Maps contributors';

describe('GET /api/Map/GetMapSettings without a tile server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('refuses a signed-out caller with 401', async () => {
    const res = await apiClient(t).get(null, path);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('Message');
  });

  it('answers a signed-in employee with no tiles, and images from this site only', async () => {
    const res = await apiClient(t).get('employee1', path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ TileUrl: null, Attribution: null });
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });
});

describe('GET /api/Map/GetMapSettings with MAP_TILE_URL and MAP_TILE_ATTRIBUTION', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      demo: true,
      env: { MAP_TILE_URL: tiles, MAP_TILE_ATTRIBUTION: credit },
    });
  });
  afterAll(() => t.close());

  it('answers the configured tile server and its credit', async () => {
    const res = await apiClient(t).get('employee1', path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ TileUrl: tiles, Attribution: credit });
  });

  it("lets the page load the tile server's images", async () => {
    const res = await apiClient(t).get('employee1', path);
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://*.tile.example.org;",
    );
  });

  it('still refuses a signed-out caller', async () => {
    expect((await apiClient(t).get(null, path)).statusCode).toBe(401);
  });
});

describe('the map settings in the configuration', () => {
  it('takes a tile template with {z}, {x} and {y} over http(s) only', () => {
    expect(loadConfig({ MAP_TILE_URL: tiles }).mapTileUrl).toBe(tiles);
    expect(loadConfig({}).mapTileUrl).toBeNull();
    expect(loadConfig({}).mapTileAttribution).toBeNull();
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() => loadConfig({ MAP_TILE_ATTRIBUTION: '' })).toThrow(/MAP_TILE_ATTRIBUTION/);
  });

  it('allows images from the tile host, any subdomain for {s}', () => {
    expect(tileImageSource('https://tile.example.org/{z}/{x}/{y}.png?key=1')).toBe(
      'https://tile.example.org',
    );
    expect(tileImageSource(tiles)).toBe('https://*.tile.example.org');
    expect(tileImageSource('http://localhost:8081/{z}/{x}/{y}.png')).toBe('http://localhost:8081');
    expect(tileImageSource('https://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.example.org',
    );
    expect(tileImageSource('https://tiles.{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileImageSource("https://a;script-src-elem'x/{z}/{x}/{y}.png")).toBe('https:');
  });
});
