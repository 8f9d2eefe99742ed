/**
 * A sign-in flood against the rest of the server, printed as figures (not pass/fail): with 40
 * wrong sign-ins always in flight (each a slow scrypt check), the p50/p95 of a signed-in list
 * call (`GET /odata/UnitsOData` as admin) and the time a real user's sign-in takes, from a new
 * browser and from one where they signed in before (its device cookie). Run once
 * with password hashing effectively unbounded ("before") and once with the default hash queue
 * ("after"), both with the global sign-in limit raised out of the way, then with every default.
 * Each flood sign-in comes from a new address, so the per-address limit never applies.
 *
 * Then the case with every default: seven addresses each send their 20 attempts a
 * minute (the per-address limit) as one burst, the worst they may, while a real user signs
 * in again and again, once from a browser where they signed in before (its device cookie)
 * and once from a new one: the real user's sign-in p50/p95 and answers.
 * Run with `npm run bench`; set TEST_DATABASE_URL for PostgreSQL.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { deviceCookieOf, postLogin, signIn } from '../support/sign-in';
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
  const device = deviceCookieOf(await postLogin(t.app, 'manager'));
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
  const realUser = async (trusted: boolean) => {
    const times: number[] = [];
    const statuses: string[] = [];
    for (let i = 0; i < realSignIns; i += 1) {
      const t0 = performance.now();
      const answer = await postLogin(t.app, 'manager', trusted ? { cookie: device } : {});
      times.push(performance.now() - t0);
      statuses.push(answer.statusCode === 200 ? 'ok' : String(answer.statusCode));
    }
    return { times, answers: statuses.join(' ') };
  };
  const fresh = await realUser(false);
  const trusted = await realUser(true);
  const floodAnswers = await running.stop();
  await t.close();
  return {
    run: label,
    'list idle ms': summary(idle),
    'list in flood ms': summary(loaded),
    'new browser sign-in ms': summary(fresh.times),
    'new browser answers': fresh.answers,
    'trusted browser sign-in ms': summary(trusted.times),
    'trusted browser answers': trusted.answers,
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

const addresses = 7;
const perAddress = 20;
const realTries = 20;

/** Seven addresses' bursts against one real user's sign-ins, trusted or from a new browser. */
async function burst(label: string, trusted: boolean) {
  const t = await createTestApp({ demo: true });
  const cookie = deviceCookieOf(await postLogin(t.app, 'manager'));
  const floodStatuses = new Map<number, number>();
  const flood = Array.from({ length: addresses }, (_, a) =>
    Array.from({ length: perAddress }, async (_, i) => {
      const answer = await postLogin(t.app, `burst-${a}-${i}`, {
        password: 'guess',
        remoteAddress: `10.99.0.${a + 1}`,
      });
      floodStatuses.set(answer.statusCode, (floodStatuses.get(answer.statusCode) ?? 0) + 1);
    }),
  ).flat();
  const times: number[] = [];
  const answers = new Map<string, number>();
  for (let i = 0; i < realTries; i += 1) {
    const t0 = performance.now();
    const answer = await postLogin(t.app, 'manager', {
      remoteAddress: '10.98.0.1',
      ...(trusted ? { cookie } : {}),
    });
    times.push(performance.now() - t0);
    const key = answer.statusCode === 200 ? 'ok' : String(answer.statusCode);
    answers.set(key, (answers.get(key) ?? 0) + 1);
  }
  await Promise.all(flood);
  await t.close();
  return {
    run: label,
    'real sign-in ms': summary(times),
    'real sign-in answers': [...answers].map(([k, n]) => `${k} x${n}`).join(', '),
    'flood answers': [...floodStatuses].map(([k, n]) => `${k} x${n}`).join(', '),
  };
}

console.log(
  `\n${addresses} addresses x ${perAddress} wrong sign-ins in one burst; ${realTries} sign-ins of a real user meanwhile (every default)`,
);
console.table([
  await burst('real user on a trusted browser', true),
  await burst('real user on a new browser', false),
]);
