/**
 * What the deliveries benchmarks share: their database (a scratch one seeded here, or one kept
 * from an earlier run) and the server in this process as production runs it.
 */
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config/config';
import type { DatabaseHandle } from '../../server/db/connect';
import { createServer } from '../../server/server';
import {
  type BenchDatabase,
  type BenchShape,
  createBenchDatabase,
  defaultBenchDatabaseUrl,
  openBenchDatabase,
  seedBenchData,
} from './deliveries-data';
import { tableSize } from './deliveries-timing';

/**
 * The bench's database: `BENCH_DATABASE_URL` reused as seeded before, or a scratch database on
 * the server of TEST_DATABASE_URL seeded with `shape`; `release` drops a scratch database, or
 * keeps it with `BENCH_KEEP_DATABASE=1` and prints its URL.
 */
export async function benchDatabase(
  shape: BenchShape,
  poolSize: number,
): Promise<{ database: BenchDatabase; release(): Promise<void> }> {
  const reuseUrl = process.env.BENCH_DATABASE_URL;
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  const baseUrl = process.env.TEST_DATABASE_URL ?? defaultBenchDatabaseUrl;
  const started = performance.now();
  const database = reuseUrl
    ? await openBenchDatabase(reuseUrl, poolSize)
    : await createBenchDatabase(baseUrl, poolSize);
  const release = async () => {
    if (keep && !reuseUrl) {
      await database.handle.close();
      console.log(`kept for BENCH_DATABASE_URL: ${database.url}`);
    } else await database.drop();
  };
  try {
    if (reuseUrl) {
      console.log(`database: ${reuseUrl} as seeded before; ${await tableSize(database.handle.db)}`);
    } else {
      const readyMs = performance.now() - started;
      const seedMs = await seedBenchData(database.handle.db, shape);
      console.log(
        `database: PostgreSQL (scratch database on ${new URL(baseUrl).host}), demo installation ` +
          `ready in ${readyMs.toFixed(0)} ms; bench data: ${shape.deliveries} deliveries over ` +
          `${shape.units} plants (${shape.inactiveUnits} inactive), ±${shape.days} days, ` +
          `${shape.users} users linked to 2-4 plants each, in ${(seedMs / 1000).toFixed(1)} s; ` +
          (await tableSize(database.handle.db)),
      );
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { database, release };
}

const discard = new Writable({ write: (_chunk, _encoding, done) => done() });

/**
 * The server in this process on `handle`, as production runs it: logging at info (to nowhere
 * here), no background forecast refresh; `env` adds to or overrides the configuration.
 */
export function inProcessServer(
  handle: DatabaseHandle,
  env: Record<string, string>,
): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'info', JOBS: '0', ...env });
  return createServer({ config, database: handle, logger: true, logStream: discard });
}
