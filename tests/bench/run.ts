/**
 * Benchmarks of the platform's hot paths, printed as figures (not pass/fail):
 * cold start of the embedded database, and latency of the start-up calls every page makes.
 * Run with `npm run bench`; set TEST_DATABASE_URL to measure on PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { signIn } from '../support/sign-in';
import { createTestApp } from '../support/test-app';

interface Figures {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  perSecond: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function measure(name: string, runs: number, call: () => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < 20; i += 1) await call();
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return {
    name,
    runs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    perSecond: (runs / total) * 1000,
  };
}

const coldStart = performance.now();
const t = await createTestApp({ demo: true });
const adminCookie = await signIn(t.app, 'admin');
const coldStartMs = performance.now() - coldStart;
const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`database: ${kind}`);
console.log(
  `cold start (database open + migrate + seed with demo accounts + app ready): ${coldStartMs.toFixed(0)} ms`,
);

let sent = 0;
const get = (url: string) => () => t.app.inject({ method: 'GET', url });
const results = [
  await measure('GET /health', 500, get('/health')),
  await measure('GET /api/routes', 500, get('/api/routes')),
  await measure(
    'GET /api/Language/translations/en-gb',
    300,
    get('/api/Language/translations/en-gb'),
  ),
  await measure('GET /api/Language/translations/fake', 300, get('/api/Language/translations/fake')),
  await measure('GET /api/menu/GetMenu', 500, get('/api/menu/GetMenu?language=en-gb')),
  // A signed-in request resolves its session, user and permissions from the database.
  await measure('GET /api/users/GetCurrentUser (signed in)', 500, () =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/GetCurrentUser',
      headers: { cookie: adminCookie },
    }),
  ),
  await measure('GET /api/users/GetAllUsers (admin)', 300, () =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/GetAllUsers',
      headers: { cookie: adminCookie },
    }),
  ),
  await measure('POST /api/reportaproblem/send', 300, () =>
    t.app.inject({
      method: 'POST',
      url: '/api/reportaproblem/send',
      // A new address each time: the route allows 10 reports a minute per address.
      remoteAddress: `10.0.${Math.floor(sent / 250)}.${(sent++ % 250) + 1}`,
      payload: { ErrorLog: 'bench', Severity: 'Minor', Time: '12:00' },
    }),
  ),
];
console.table(
  results.map((r) => ({
    call: r.name,
    runs: r.runs,
    'p50 ms': r.p50.toFixed(2),
    'p95 ms': r.p95.toFixed(2),
    'per second': r.perSecond.toFixed(0),
  })),
);
const memory = process.memoryUsage();
console.log(
  `memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
);
await t.close();
