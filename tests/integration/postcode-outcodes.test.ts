import { spawn } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { weatherMessages, type Geolocation } from '#metadata';
import { connectDatabase } from '../../server/db/connect';
import { importOutcodes } from '../../server/modules/places/import-outcodes';
import { apiClient, type ApiClient } from '../support/api-client';
import { startPostcodesIoReplay } from '../support/postcodes-io-replay';
import { createPostgresDatabase } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { setSetting } from './account-support';

// Test values, close to the districts' true centroids but not taken from any dataset.
const outcodesCsv = [
  'Outcode,Latitude,Longitude,Region',
  'SW1A,51.5014,-0.1419,London',
  'm1,53.4808,-2.2374,"North West, England"',
  '',
  'EH1,55.9520,-3.1883,Scotland',
  'XYZ1,51.5,-0.1,nowhere',
  'W1A,72.5,-0.14,too far north',
  'BT1,54.6,',
  'EH1,55.9,-3.2,a repeat',
].join('\r\n');

interface Row {
  outcode: string;
  latitude: number;
  longitude: number;
}

/** The command as `npm run import:outcodes` runs it, on the given environment alone. */
async function runCommand(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _server, DATA_DIR: _dataDir, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/commands/import-outcodes.ts', ...args],
    {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}

describe('postcode district centroids: import and offline lookup', () => {
  let t: TestApp;
  let client: ApiClient;
  const rows = () =>
    t.database.db
      .selectFrom('postcodeOutcodes')
      .select(['outcode', 'latitude', 'longitude'])
      .orderBy('outcode')
      .execute();
  const byPostcode = (postcode: string) =>
    client.get(
      'demo',
      `/api/WeatherForecast/GetGeolocationByPostcode?postcode=${encodeURIComponent(postcode)}`,
    );
  const located = async (postcode: string) => {
    const res = await byPostcode(postcode);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Geolocation>();
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('postcodeOutcodes').execute();
    await importOutcodes(t.database.db, outcodesCsv);
  });

  it('stores the valid rows, upper-cased, and reports the others by line', async () => {
    await t.database.db.deleteFrom('postcodeOutcodes').execute();
    expect(await importOutcodes(t.database.db, outcodesCsv)).toEqual({
      imported: 3,
      rejected: [
        { line: 6, reason: '"XYZ1" is not a UK outcode' },
        { line: 7, reason: 'latitude 72.5 is outside 49 to 61' },
        { line: 8, reason: 'missing longitude' },
        { line: 9, reason: 'EH1 is already on line 5' },
      ],
    });
    expect(await rows()).toEqual<Row[]>([
      { outcode: 'EH1', latitude: 55.952, longitude: -3.1883 },
      { outcode: 'M1', latitude: 53.4808, longitude: -2.2374 },
      { outcode: 'SW1A', latitude: 51.5014, longitude: -0.1419 },
    ]);
  });

  it('updates known outcodes and adds new ones on a second import, other headers accepted', async () => {
    const before = await t.database.db
      .selectFrom('postcodeOutcodes')
      .select('importedAt')
      .where('outcode', '=', 'M1')
      .executeTakeFirstOrThrow();
    const second = 'district,LAT,lng\nM1,53.48,-2.24\nCF10,51.4816,-3.1791\n';
    expect(await importOutcodes(t.database.db, second)).toEqual({ imported: 2, rejected: [] });
    expect(await rows()).toEqual<Row[]>([
      { outcode: 'CF10', latitude: 51.4816, longitude: -3.1791 },
      { outcode: 'EH1', latitude: 55.952, longitude: -3.1883 },
      { outcode: 'M1', latitude: 53.48, longitude: -2.24 },
      { outcode: 'SW1A', latitude: 51.5014, longitude: -0.1419 },
    ]);
    const after = await t.database.db
      .selectFrom('postcodeOutcodes')
      .select('importedAt')
      .where('outcode', '=', 'M1')
      .executeTakeFirstOrThrow();
    expect(after.importedAt.getTime()).toBeGreaterThan(before.importedAt.getTime());
  });

  it.each([
    ['a header without a longitude column', 'outcode,lat\nM1,53.4', 1, /no longitude column/],
    ['an empty file', '\n\n', 1, /no header/],
    ['a latitude that is not a number', 'postcode,lat,lon\n\nM1,north,-2.2', 3, /not a number/],
  ])('imports nothing from %s', async (_case, csv, line, reason) => {
    const result = await importOutcodes(t.database.db, csv);
    expect(result.imported).toBe(0);
    expect(result.rejected).toEqual([{ line, reason: expect.stringMatching(reason) }]);
    expect(await rows()).toHaveLength(3);
  });

  it('places a postcode or an outcode at its imported district centroid', async () => {
    expect(await located('sw1a 1aa')).toEqual({
      postcode: 'SW1A 1AA',
      latitude: 51.5014,
      longitude: -0.1419,
      precision: 'outcode',
      source: 'offline',
    });
    expect(await located('EH1')).toEqual({
      postcode: 'EH1',
      latitude: 55.952,
      longitude: -3.1883,
      precision: 'outcode',
      source: 'offline',
    });
  });

  it('falls back to the area table for a district not imported, and still refuses nonsense', async () => {
    expect(await located('M2 3AB')).toMatchObject({ postcode: 'M2 3AB', precision: 'area' });
    expect(await located('EH2')).toMatchObject({ postcode: 'EH2', precision: 'area' });
    for (const input of ['XYZ', 'ZZ1 1ZZ', 'SW1A 1A']) {
      const res = await byPostcode(input);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<{ Message: string }>().Message).toBe(weatherMessages.invalidPostcode);
    }
  });

  it('uses the imported districts when the online service cannot be reached', async () => {
    const down = await startPostcodesIoReplay();
    await down.close();
    await setSetting(t, 'Weather.PostcodeLookupUrl', down.url);
    try {
      expect(await located('M1 1AE')).toMatchObject({
        latitude: 53.4808,
        longitude: -2.2374,
        precision: 'outcode',
        source: 'offline',
      });
    } finally {
      await setSetting(t, 'Weather.PostcodeLookupUrl', '');
    }
  });
});

describe('npm run import:outcodes', () => {
  let folder: string;
  let csvFile: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'asphalt-outcodes-'));
    csvFile = path.join(folder, 'outcodes.csv');
    await writeFile(csvFile, outcodesCsv);
  });

  const importedInto = async (databaseUrl: string | null, dataDir: string) => {
    const database = await connectDatabase({
      databaseUrl,
      dataDir,
      statementTimeoutMs: 5_000,
      poolSize: 1,
    });
    try {
      return await database.db
        .selectFrom('postcodeOutcodes')
        .select('outcode')
        .orderBy('outcode')
        .execute();
    } finally {
      await database.close();
    }
  };

  it('imports a file into the embedded database under DATA_DIR and reports rejected rows', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-outcodes-data-'));
    const { code, output } = await runCommand([csvFile], { DATA_DIR: dataDir });
    expect(code, output).toBe(0);
    expect(output).toContain('Imported 3 outcode centroids; rejected 4 rows.');
    expect(output).toContain('line 6: "XYZ1" is not a UK outcode');
    expect(await importedInto(null, dataDir)).toEqual([
      { outcode: 'EH1' },
      { outcode: 'M1' },
      { outcode: 'SW1A' },
    ]);
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'imports into PostgreSQL when DATABASE_URL is set',
    async () => {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      try {
        const { code, output } = await runCommand([csvFile], {
          DATA_DIR: folder,
          DATABASE_URL: created.url,
        });
        expect(code, output).toBe(0);
        expect(await importedInto(created.url, folder)).toHaveLength(3);
      } finally {
        await created.drop();
      }
    },
    60_000,
  );

  it('exits non-zero for a missing file, a file without valid rows, or no file named', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-outcodes-data-'));
    const invalid = path.join(folder, 'invalid.csv');
    await writeFile(invalid, 'outcode,latitude,longitude\nXYZ1,51.5,-0.1\n');
    const [missing, empty, none] = await Promise.all([
      runCommand([path.join(folder, 'absent.csv')], { DATA_DIR: dataDir }),
      runCommand([invalid], { DATA_DIR: dataDir }),
      runCommand([], { DATA_DIR: dataDir }),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/Cannot read .*absent\.csv/);
    expect(empty.code).toBe(1);
    expect(empty.output).toContain('line 2: "XYZ1" is not a UK outcode');
    expect(none.code).toBe(1);
    expect(none.output).toMatch(/Usage: npm run import:outcodes -- /);
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);
});
