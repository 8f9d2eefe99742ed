/**
 * A raw `select 1` through a pg.Pool, with no HTTP and no app around it, run as a child process
 * so that its CPU time is its own: `connections` workers loop for `seconds` on a pool of
 * `poolSize`. Tells the parent (over IPC) `ready` once connected, waits for `go`, then answers
 * a LoadResult. Arguments: database URL, connections, seconds, pool size.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { LoadResult } from './deliveries-load-client';
import { timingOf } from './deliveries-timing';

const [url = '', connections = '10', seconds = '10', poolSize = '10'] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: Number(poolSize) });
pool.on('error', () => undefined);

async function run(): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + Number(seconds) * 1000;
  await Promise.all(
    Array.from({ length: Number(connections) }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await pool.query('select 1').catch(() => (errors += 1));
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const latency = timingOf(times);
  return {
    requests: times.length,
    non2xx: 0,
    errors,
    seconds: elapsed,
    perSecond: times.length / elapsed,
    latency,
  };
}

// Every connection opened before the parent starts counting CPU time.
await Promise.all(Array.from({ length: Number(poolSize) }, () => pool.query('select 1')));
process.send?.('ready');
process.once('message', () => {
  void run().then(async (result) => {
    process.send?.(result);
    await pool.end();
  });
});
