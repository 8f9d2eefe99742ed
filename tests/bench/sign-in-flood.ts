/**
 * A sign-in flood against the rest of the server, printed as figures (not pass/fail): with 40
 * wrong sign-ins always in flight (each a slow scrypt check), the p50/p95 of a signed-in list
 * call (`GET /odata/UnitsOData` as admin) and the time a real user's sign-in takes. Run once
 * with password hashing effectively unbounded ("before") and once with the default hash queue
 * ("after"), both with the global sign-in limit raised out of the way, then with every default.
 * Each flood sign-in comes from a new address, so the per-address limit never applies.
 * Run with `npm run bench`; set TEST_DATABASE_URL for PostgreSQL.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { postLogin, signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

const inFlight = 40;
const listCalls = 60;
const realSignIns = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)}, p95 ${percentile(sorted, 95).toFixed(0)}`;
};

/** Keeps `inFlight` wrong sign-ins going, each for a new name so no captcha or lock stops it. */
function flood(t: TestApp) {
  let running = true;
  const started = performance.now();
  const statuses = new Map<number, number>();
  let sent = 0;
  const worker = async () => {
    while (running) {
      const answer = await postLogin(t.app, `flood-${(sent += 1)}`, { password: 'guess' });
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: inFlight }, worker);
  return {
    /** Answers per second by status, e.g. `200: 12/s, 503: 40/s`. */
    async stop() {
      running = false;
      await Promise.all(workers);
      const seconds = (performance.now() - started) / 1000;
      return [...statuses]
        .map(([status, n]) => `${status}: ${(n / seconds).toFixed(0)}/s`)
        .join(', ');
    },
  };
}

async function measure(label: string, env: Record<string, string>) {
  const t = await createTestApp({ demo: true, env });
  const cookie = await signIn(t.app, 'admin');
  const list = () =>
    t.app.inject({ method: 'GET', url: '/odata/UnitsOData?$top=20', headers: { cookie } });
  for (let i = 0; i < 20; i += 1) await list();
  const idle: number[] = [];
  for (let i = 0; i < listCalls; i += 1) {
    const t0 = performance.now();
    await list();
    idle.push(performance.now() - t0);
  }

  const running = flood(t);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const loaded: number[] = [];
  for (let i = 0; i < listCalls; i += 1) {
    const t0 = performance.now();
    const answer = await list();
    loaded.push(performance.now() - t0);
    if (answer.statusCode !== 200) throw new Error(`list answered ${answer.statusCode}`);
  }
  const signIns: number[] = [];
  const signInStatuses: string[] = [];
  for (let i = 0; i < realSignIns; i += 1) {
    const t0 = performance.now();
    const answer = await postLogin(t.app, 'manager');
    signIns.push(performance.now() - t0);
    signInStatuses.push(answer.statusCode === 200 ? 'ok' : String(answer.statusCode));
  }
  const floodAnswers = await running.stop();
  await t.close();
  return {
    run: label,
    'list idle ms': summary(idle),
    'list in flood ms': summary(loaded),
    'real sign-in ms': summary(signIns),
    'real sign-in answers': signInStatuses.join(' '),
    'flood answers': floodAnswers,
  };
}

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `database: ${kind}; ${availableParallelism()} cores; ${inFlight} wrong sign-ins in flight`,
);
const noGlobalLimit = { AUTH_GLOBAL_RATE_LIMIT_PER_MINUTE: '1000000' };
const rows = [
  await measure('before: hashing unbounded', {
    ...noGlobalLimit,
    AUTH_HASH_CONCURRENCY: '1000',
    AUTH_HASH_QUEUE: '100000',
  }),
  await measure('after: default hash queue', noGlobalLimit),
  await measure('after, with the global limit too', {}),
];
console.table(rows);
