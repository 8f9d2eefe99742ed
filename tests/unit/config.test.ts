import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config';
import { loadSecrets } from '../../server/config/secrets';

describe('loadConfig', () => {
  it('has production defaults: port 8080, embedded database under ./data with demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeNull();
    expect(config.demo).toBe(true);
    expect(config.requestTimeoutMs).toBeGreaterThan(0);
    expect(config.bodyLimitBytes).toBeGreaterThan(0);
  });

  it('listens on loopback unless HOST says otherwise, as the demo offers an administrator', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('turns demo data off for a real database unless DEMO=1', () => {
    const url = 'postgres://app@db.internal:5432/asphalt';
    expect(loadConfig({ DATABASE_URL: url }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('honours PORT, HOST, DATA_DIR, LOG_LEVEL and PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '9123',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/asphalt',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://asphalt.example.com',
    });
    expect(config).toMatchObject({
      port: 9123,
      host: '127.0.0.1',
      dataDir: '/var/lib/asphalt',
      logLevel: 'warn',
      publicUrl: 'https://asphalt.example.com',
    });
  });

  it('refuses an invalid environment, naming every bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' }),
    ).toThrow(/PORT[\s\S]*LOG_LEVEL[\s\S]*DATABASE_URL|PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});

describe('loadSecrets', () => {
  it('generates the JWT key once, keeps it private in the data directory and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'asphalt-secrets-'));
    const first = await loadSecrets(dir, {});
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(64);
    const file = path.join(dir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadSecrets(dir, {});
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(JSON.parse(await readFile(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers a key given in the environment and writes nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'asphalt-secrets-'));
    const given = 'g'.repeat(40);
    expect((await loadSecrets(dir, { jwtSecret: given })).jwtSecret).toBe(given);
    await expect(stat(path.join(dir, 'secrets.json'))).rejects.toThrow(/ENOENT/);
  });
});
