/**
 * Nearest forecast sites, printed as figures (not pass/fail): p50/p95 of a nearest-6 lookup
 * over the seeded site table (target under 1 ms), in memory through the cached index, beside a
 * plain scan of every site for scale, and `GET api/WeatherForecast/GetNNearest` through the
 * whole server (inject). Run with `npm run bench`; set TEST_DATABASE_URL for PostgreSQL.
 */
import { performance } from 'node:perf_hooks';
import { greatCircleKm } from '../../server/modules/places/great-circle';
import { nearestSites, siteIndex } from '../../server/modules/places/nearest-sites';
import { signIn } from '../support/sign-in';
import { createTestApp } from '../support/test-app';

const runs = 20_000;

/** Deterministic points over Great Britain and Northern Ireland, so runs compare. */
function points(count: number): [number, number][] {
  let state = 7;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => [49.9 + 9 * next(), -8 + 9.8 * next()]);
}

function figures(name: string, times: number[]) {
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))]!;
  return {
    name,
    runs: times.length,
    'p50 (µs)': (at(50) * 1000).toFixed(1),
    'p95 (µs)': (at(95) * 1000).toFixed(1),
  };
}

async function time(call: (point: [number, number]) => unknown, count = runs): Promise<number[]> {
  const all = points(count);
  for (const point of all.slice(0, 1000)) await call(point);
  const times: number[] = [];
  for (const point of all) {
    const start = performance.now();
    await call(point);
    times.push(performance.now() - start);
  }
  return times;
}

const t = await createTestApp({ demo: true });
const db = t.database.db;
const t0 = performance.now();
const index = await siteIndex(db);
console.log(
  `${index.sites.length} active sites read and indexed in ${(performance.now() - t0).toFixed(1)} ms`,
);

const scan = ([latitude, longitude]: [number, number]) =>
  index.sites
    .map((site) => ({
      site,
      distance: greatCircleKm(latitude, longitude, site.latitude, site.longitude),
    }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 6);

const cookie = await signIn(t.app, 'demo');
const inject = ([latitude, longitude]: [number, number]) =>
  t.app.inject({
    method: 'GET',
    url: `/api/WeatherForecast/GetNNearest?latitude=${latitude}&longitude=${longitude}`,
    headers: { cookie },
  });

console.table([
  figures(
    'nearestSites(db, lat, lon, 6), cached index',
    await time(([lat, lon]) => nearestSites(db, lat, lon, 6)),
  ),
  figures('scan of every site, for scale', await time(scan)),
  figures('GET api/WeatherForecast/GetNNearest (inject)', await time(inject, 3000)),
]);
await t.close();
