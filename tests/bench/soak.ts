/**
 * Soak: the server in a process of its own on PostgreSQL (a scratch demo installation) under a
 * mixed signed-in load for SOAK_SECONDS (default 600) at SOAK_CONNECTIONS (default 200): the
 * deliveries grid's default page and the who-am-I of a member of staff, the users page and
 * the menu of an administrator, and a unit saved now and then. Prints errors (want 0), the
 * server's resident memory at the start and end with its low and high in between (want
 * flat) and the throughput; then the same mix at half that throughput for SOAK_HALF_SECONDS
 * (default 120), sent evenly spaced (paced-load.ts), printing its p50/p95 (want p95 under
 * 100 ms). The load average is printed
 * beside. Database: the server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import autocannon from 'autocannon';
import { mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { demoPassword } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { chromeUserAgent } from '../support/sign-in';
import { createPostgresDatabase } from '../support/test-database';
import { timingOf } from './deliveries-timing';
import { type PacedRequest, pacedLoad } from './paced-load';
import { startServerProcess } from './server-process';

const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const halfSeconds = Number(process.env.SOAK_HALF_SECONDS ?? 120);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 200);
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function signIn(origin: string, user: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': chromeUserAgent },
    body: JSON.stringify({
      User: user,
      Pass: browserDigest(demoPassword),
      Save: true,
      FingerPrint: 'soak',
    }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!cookie) throw new Error(`${user} could not sign in: ${response.status}`);
  return cookie.split(';')[0]!;
}

/** The mix, in turn: autocannon's requests for the soak, the same as paced requests after. */
interface Mix {
  requests: autocannon.Request[];
  paced: PacedRequest[];
}

function mixOf(staff: string, admin: string): Mix {
  let saved = 0;
  const unitBody = () =>
    JSON.stringify({ Code: `SK${process.pid % 1000}-${saved++}`, Name: 'Soak' });
  const gets: [string, string][] = [
    ['/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser?$count=true', staff],
    ['/api/users/GetCurrentUser', staff],
    ['/odata/UsersOData?$top=20&$skip=0&$count=true&$orderby=Name', admin],
    ['/api/menu/GetMenu?language=en-gb', admin],
    ['/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser?$count=true', staff],
  ];
  const save = {
    method: 'POST' as const,
    path: '/api/units/SaveUnit',
    headers: { cookie: admin, 'content-type': 'application/json' },
  };
  return {
    requests: [
      ...gets.map(([path, cookie]): autocannon.Request => ({
        method: 'GET',
        path,
        headers: { cookie },
      })),
      { ...save, setupRequest: (request) => ({ ...request, body: unitBody() }) },
    ],
    paced: [
      ...gets.map(([path, cookie]): PacedRequest => ({ method: 'GET', path, headers: { cookie } })),
      { ...save, body: unitBody },
    ],
  };
}

interface Run {
  requests: number;
  failures: number;
  /** The failures by status, e.g. `503: 3`; empty when none failed. */
  failed: string;
  perSecond: number;
  p50: number;
  p95: number;
}

/** The mix at a steady `perSecond` (requests evenly spaced, see paced-load.ts). */
async function pacedRun(
  origin: string,
  mix: Mix,
  seconds: number,
  perSecond: number,
): Promise<Run> {
  const result = await pacedLoad(origin, mix.paced, perSecond, seconds, connections);
  const timing = timingOf(result.times);
  result.timesByCall.forEach((times, index) => {
    const call = mix.paced[index]!;
    const { p50, p95 } = timingOf(times);
    console.log(
      `  ${call.method} ${call.path.split('?')[0]}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    );
  });
  const failed = [...result.statuses].filter(([status]) => status < 200 || status >= 300);
  return {
    requests: result.sent,
    failures: failed.reduce((sum, [, count]) => sum + count, 0),
    failed: failed
      .map(([status, count]) => `${status < 0 ? 'connection errors' : status}: ${count}`)
      .join(', '),
    perSecond: result.sent / result.seconds,
    p50: timing.p50,
    p95: timing.p95,
  };
}

async function run(origin: string, mix: Mix, seconds: number): Promise<Run> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: mix.requests,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      if (status >= 300) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const timing = timingOf(times);
  return {
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    failed: [
      ...[...statuses].map(([status, count]) => `${status}: ${count}`),
      ...(result.errors ? [`connection errors: ${result.errors}`] : []),
      ...(result.timeouts ? [`timeouts: ${result.timeouts}`] : []),
    ].join(', '),
    perSecond: result.requests.total / result.duration,
    p50: timing.p50,
    p95: timing.p95,
  };
}

const database = await createPostgresDatabase(baseUrl);
const server = await startServerProcess({
  DATABASE_URL: database.url,
  DATA_DIR: await mkdtemp(path.join(tmpdir(), 'asphalt-soak-')),
  DEMO: '1',
  JOBS: 'false',
  LOG_LEVEL: 'warn',
});
try {
  const mix = mixOf(await signIn(server.origin, 'employee1'), await signIn(server.origin, 'admin'));
  await run(server.origin, mix, 10);
  const rssStart = await server.rss();
  let low = rssStart;
  let high = rssStart;
  const sampler = setInterval(() => {
    void server.rss().then((rss) => {
      low = Math.min(low, rss);
      high = Math.max(high, rss);
    });
  }, 5_000);
  console.log(`soak: ${connections} connections for ${soakSeconds} s; load average ${load()}`);
  const soak = await run(server.origin, mix, soakSeconds);
  clearInterval(sampler);
  const rssEnd = await server.rss();
  console.log(
    `  ${soak.requests} requests, ${soak.failures} errors${soak.failed && ` (${soak.failed})`}, ${soak.perSecond.toFixed(0)}/s, ` +
      `p50 ${soak.p50.toFixed(0)} ms, p95 ${soak.p95.toFixed(0)} ms; RSS ${mb(rssStart)} at ` +
      `start, ${mb(rssEnd)} at end (low ${mb(low)}, high ${mb(high)}); load average ${load()}`,
  );
  const rate = Math.round(soak.perSecond / 2);
  const half = await pacedRun(server.origin, mix, halfSeconds, rate);
  console.log(
    `half throughput (${rate}/s for ${halfSeconds} s): ${half.requests} requests, ` +
      `${half.failures} errors${half.failed && ` (${half.failed})`}, p50 ${half.p50.toFixed(1)} ms, p95 ${half.p95.toFixed(1)} ms ` +
      `(target < 100 ms); load average ${load()}`,
  );
} finally {
  await server.close();
  await database.drop();
}
