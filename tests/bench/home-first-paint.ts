/**
 * The home grid in a real browser (Debian's Chromium), printed as figures, not pass/fail:
 * - a cold load of `/` signed in (empty cache, new context each run) to the first paint of the
 *   grid with its 20 rows, median and worst of the runs (target: 1.5 s);
 * - the JavaScript the sign-in route loads, as gzip bytes (target: 250 KB), and what the home
 *   route adds; the map, charts and forms must not be in the sign-in route's scripts;
 * - everything the sign-in page transfers on a cold load (target: 350 KB), and its translation
 *   files (one, compressed).
 * Runs on the built app (`npm run build` first: it measures `dist/app`) and a fresh embedded
 * database with the demo data. `BENCH_PAGE_RUNS` sets the runs (default 5).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { systemChromium } from '../e2e/support/browser';
import { startServerProcess } from './server-process';

const runs = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const staticDir = path.resolve('dist/app');
const digest = createHash('sha512').update('Demo-2026!', 'utf8').digest('hex');

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The gzip size of a built asset, from the `.gz` copy the build writes beside it. */
async function gzipBytes(url: string): Promise<number> {
  const file = path.join(staticDir, new URL(url).pathname);
  try {
    return (await readFile(`${file}.gz`)).length;
  } catch {
    return (await readFile(file)).length;
  }
}

async function scriptsOf(browser: Browser, origin: string, route: string, signedIn: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signedIn) {
    await page.request.post(`${origin}/api/auth/login`, {
      data: { User: 'employee1', Pass: digest, Save: false },
    });
  }
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  await context.close();
  return scripts;
}

/** Bytes on the wire (headers and encoded bodies) of a cold load of `route`, by kind. */
async function transferredBy(browser: Browser, origin: string, route: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes: Promise<{ kind: string; url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then((size) => ({
        kind: request.resourceType(),
        url: request.url(),
        bytes: size.responseHeadersSize + size.responseBodySize,
      })),
    );
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  const all = await Promise.all(sizes);
  await context.close();
  return all;
}

async function firstPaintOfGrid(browser: Browser, origin: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.request.post(`${origin}/api/auth/login`, {
    data: { User: 'employee1', Pass: digest, Save: false },
  });
  await page.goto(`${origin}/`, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => document.querySelectorAll('tbody tr[data-index]').length >= 20,
    null,
    {
      timeout: 30_000,
      polling: 'raf',
    },
  );
  // Time from the navigation's start to the frame that shows the rows.
  const ms = await page.evaluate(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
  );
  await context.close();
  return ms;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-home-'));
const server = await startServerProcess({ DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: staticDir });
const browser = await chromium.launch({
  executablePath: systemChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const login = await scriptsOf(browser, server.origin, '/login', false);
  const home = await scriptsOf(browser, server.origin, '/', true);
  const sum = async (urls: Iterable<string>) =>
    (await Promise.all([...urls].map(gzipBytes))).reduce((a, b) => a + b, 0);
  const loginBytes = await sum(login);
  const homeOnly = [...home].filter((url) => !login.has(url));
  const homeBytes = await sum(homeOnly);
  console.log(
    `sign-in route JavaScript: ${(loginBytes / 1024).toFixed(1)} KB gzip in ${login.size} files (target 250 KB)`,
  );
  console.log(
    `home route adds: ${(homeBytes / 1024).toFixed(1)} KB gzip in ${homeOnly.length} files`,
  );
  const largest = await Promise.all(
    [...login].map(async (url) => ({ url, bytes: await gzipBytes(url) })),
  );
  largest.sort((a, b) => b.bytes - a.bytes);
  console.log('largest files of the sign-in route (KB gzip):');
  for (const { url, bytes } of largest.slice(0, 12)) {
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)}  ${new URL(url).pathname}`);
  }
  const lazyNames = /leaflet|delivery-map|chart|schema-form|designer/i;
  const eager = [...login].filter((url) => lazyNames.test(url));
  console.log(
    `sign-in scripts named like a lazy part: ${eager.length === 0 ? 'none' : eager.join(', ')}`,
  );

  const transferred = await transferredBy(browser, server.origin, '/login');
  const total = transferred.reduce((sum, { bytes }) => sum + bytes, 0);
  const translationFiles = transferred.filter(({ url }) =>
    new URL(url).pathname.startsWith('/api/Language/translations/'),
  );
  console.log(
    `sign-in page transferred: ${(total / 1024).toFixed(1)} KB in ${transferred.length} requests (target 350 KB); ` +
      `translation files: ${translationFiles.length}, ` +
      `${(translationFiles.reduce((sum, { bytes }) => sum + bytes, 0) / 1024).toFixed(1)} KB`,
  );

  await firstPaintOfGrid(browser, server.origin); // warm the server (first queries, plans)
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1)
    times.push(await firstPaintOfGrid(browser, server.origin));
  console.log(
    `home grid first paint with 20 rows, cold browser cache: median ${median(times).toFixed(0)} ms, ` +
      `worst ${Math.max(...times).toFixed(0)} ms over ${runs} runs (target 1500 ms)`,
  );
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
