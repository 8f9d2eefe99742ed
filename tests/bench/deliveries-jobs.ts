/**
 * The deliveries' long jobs on PostgreSQL, printed as figures (issue 13, Performance):
 * 1. the export of 100,000 deliveries through `POST /api/Excel/ExportDeliveries` (every unit,
 *    past included) as `admin`, over HTTP on 127.0.0.1, read as a stream: time to the last
 *    byte, bytes, and the server's RSS sampled every 50 ms (targets: <= 15 s, peak RSS
 *    <= 300 MB), the server running in a process of its own as `npm run serve` runs it;
 * 2. a forecast change at one site touching 10,000 deliveries, then one touching 100,000,
 *    recomputed and saved (targets: <= 5 s and <= 30 s), while `employee1` asks the home grid's
 *    default page again and again: its p50/p95 during the recompute against idle.
 * Runs in a scratch database it creates, seeds (200,000 deliveries) and drops on the server of
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). `npm run bench` runs
 * it. Environment: `BENCH_DELIVERIES` (table size), `BENCH_EXPORT_ROWS` (default 100000),
 * `BENCH_RECOMPUTE_ROWS` (default `10000,100000`; `0`: the export alone), `BENCH_EXPORT_CHECK=0`
 * (do not open the workbook back to count its rows), `BENCH_KEEP_DATABASE=1` (keep the database
 * and print its URL), `BENCH_DATABASE_URL=<it>` (measure a kept database again, without
 * seeding). The export alone, again and again: `BENCH_RECOMPUTE_ROWS=0 BENCH_KEEP_DATABASE=1`
 * once, then `BENCH_RECOMPUTE_ROWS=0 BENCH_DATABASE_URL=<the URL it printed>`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { recomputeDeliveries } from '../../server/modules/deliveries/state/recompute';
import { signIn } from '../support/sign-in';
import { startServerProcess } from './server-process';
import { benchDatabase, inProcessServer } from './bench-setup';
import { benchShape } from './deliveries-data';
import {
  activeSites,
  forecastForSite,
  placeAtSite,
  siteStates,
  sizeExport,
} from './deliveries-jobs-data';
import { askWhile, mb, measureExport, sheetDataRows } from './deliveries-jobs-measure';
import { ms, timingOf } from './deliveries-timing';

const poolSize = 10;
const shape = { ...benchShape, deliveries: Number(process.env.BENCH_DELIVERIES ?? 200_000) };
const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const recomputeSizes = (process.env.BENCH_RECOMPUTE_ROWS ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const checkExport = process.env.BENCH_EXPORT_CHECK !== '0';

const exportTarget = { ms: 15_000, rssMb: 300 };
/** Issue 13's recompute targets, ms, by deliveries touched. */
const recomputeTargets: Readonly<Record<number, number>> = { 10_000: 5_000, 100_000: 30_000 };
const gridUrl = '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser?$count=true';
const met = (ok: boolean) => (ok ? 'yes' : 'NO');
const seconds = (value: number) => (value / 1000).toFixed(2);

const startedAt = performance.now();
const { database, release } = await benchDatabase(shape, poolSize);
const db = database.handle.db;
const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-bench-'));
try {
  // As production runs: logging at info (to nowhere here), no background refresh. The export
  // is measured in a server process of its own on the same database and secret, so its
  // memory is the server's alone; the recompute runs here, where the bench can time it.
  const jwtSecret = randomBytes(32).toString('hex');
  const serverEnv = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    JOBS: '0',
  };
  const app = await inProcessServer(database.handle, { ...serverEnv, LOG_LEVEL: 'info' });
  try {
    const cookies = {
      admin: await signIn(app, 'admin'),
      employee1: await signIn(app, 'employee1'),
    };

    // 1. The export.
    const rows = await sizeExport(db, exportRows);
    const file = checkExport ? path.join(dataDir, 'deliveries.xlsx') : undefined;
    console.log(
      `\nexport: POST /api/Excel/ExportDeliveries {"MineOnly":false,"Actual":false} ` +
        `as admin, read as a stream; ${rows} deliveries of active units in the database`,
    );
    const serverProcess = await startServerProcess(serverEnv);
    let figures;
    try {
      figures = await measureExport(
        `${serverProcess.origin}/api/Excel/ExportDeliveries`,
        cookies.admin,
        { MineOnly: false, Actual: false },
        file,
        serverProcess,
      );
    } finally {
      await serverProcess.close();
    }
    const checkStarted = performance.now();
    const written = file ? await sheetDataRows(file) : undefined;
    const checkMs = performance.now() - checkStarted;
    console.table([
      {
        rows,
        'rows in workbook': written ?? 'not checked',
        MB: (figures.bytes / 1024 / 1024).toFixed(1),
        'headers s': seconds(figures.headersMs),
        'last byte s': seconds(figures.totalMs),
        'rows/s': Math.round(rows / (figures.totalMs / 1000)),
        'RSS before MB': mb(figures.rssBefore),
        'RSS peak MB': mb(figures.rssPeak),
        'growth MB': mb(figures.rssPeak - figures.rssBefore),
        'maxRSS before MB': mb(figures.maxRssBefore),
        'maxRSS after MB': mb(figures.maxRssAfter),
        target: `<= ${exportTarget.ms / 1000} s, peak RSS <= ${exportTarget.rssMb} MB`,
        met: `time ${met(figures.totalMs <= exportTarget.ms)}, RSS ${met(
          figures.rssPeak <= exportTarget.rssMb * 2 ** 20,
        )}`,
      },
    ]);
    console.log(
      "RSS is the server process alone (`npm run serve`'s command, started for the export): " +
        '"RSS peak" sampled every 50 ms during the export, maxRSS its lifetime peak (VmHWM).' +
        (written === undefined ? '' : ` Workbook opened back in ${seconds(checkMs)} s.`),
    );
    if (rows < exportRows) console.log(`(the table holds fewer than ${exportRows} to export)`);

    // 2. The recomputes, with the grid asked meanwhile (none: the export alone).
    if (recomputeSizes.length > 0) {
      const sites = await activeSites(db, recomputeSizes.length + 1);
      const idleUntil = performance.now() + 3_000;
      const idle = timingOf(
        await askWhile(app, gridUrl, cookies.employee1, () => performance.now() < idleUntil, 30),
      );
      console.log(
        `\nrecompute: recomputeDeliveries(db, { siteId, from, to }, { log }) called directly, as ` +
          'the forecast recompute (createForecastRecompute) runs it for a site whose hours ' +
          'changed, default batch size; meanwhile employee1 GETs (inject, one after another) ' +
          `${gridUrl}; idle: p50 ${ms(idle.p50)} ms, p95 ${ms(idle.p95)} ms over ${idle.runs}`,
      );
      const recomputes = [];
      const grids = [];
      for (const [index, size] of recomputeSizes.entries()) {
        const site = sites[index]!;
        const placed = await placeAtSite(db, site, sites.at(-1)!, size);
        const hours = await forecastForSite(
          db,
          site.id,
          placed.from,
          placed.to,
          Date.now() % 100_000,
        );
        console.log(
          `site ${site.id} ${site.name}: ${placed.count} deliveries placed, ` +
            `${placed.from.toISOString()}..${placed.to.toISOString()}, ${hours} forecast hours written`,
        );
        const since = new Date();
        let running = true;
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        const started = performance.now();
        const job = recomputeDeliveries(
          app.db,
          { siteId: site.id, from: placed.from, to: placed.to },
          { log: app.log },
        ).then((result) => ({ result, ms: performance.now() - started }));
        void job.finally(() => (running = false));
        const grid = timingOf(await askWhile(app, gridUrl, cookies.employee1, () => running));
        const { result, ms: took } = await job;
        loop.disable();
        const states = await siteStates(db, site.id, since);
        console.log(`  states after: ${states.states}`);
        const target = recomputeTargets[size];
        recomputes.push({
          deliveries: placed.count,
          s: seconds(took),
          'rows/s': Math.round(result.read / (took / 1000)),
          read: result.read,
          written: result.written,
          'state changed': result.changed,
          'rewritten (state_computed_at moved)': `${states.rewritten} of ${states.total}`,
          target: target ? `<= ${target / 1000} s` : '(issue: 10,000 and 100,000)',
          met: target ? met(took <= target) : '-',
        });
        grids.push({
          'during recompute of': placed.count,
          requests: grid.runs,
          'p50 ms': ms(grid.p50),
          'p95 ms': ms(grid.p95),
          'idle p50 ms': ms(idle.p50),
          'idle p95 ms': ms(idle.p95),
          'event-loop delay p95 ms': ms(loop.percentile(95) / 1e6),
          'event-loop delay max ms': ms(loop.max / 1e6),
        });
      }
      console.table(recomputes);
      console.log('the home grid (employee1, default page with $count) meanwhile:');
      console.table(grids);
    }
  } finally {
    await app.close();
  }
} finally {
  await release();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`\ndeliveries jobs bench done in ${seconds(performance.now() - startedAt)} s`);
