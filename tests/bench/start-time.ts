/**
 * How long `npm start` takes to answer `/health`, printed as figures (not pass/fail): a first
 * start on an empty data directory (migrate, seed the demo data) and a second start reusing it
 * (target: under 3 s), each with the CPU time it took (npm, the build step and the server:
 * less hostage to the machine's load than the time) and `os.loadavg()`, on the embedded
 * database as a plain `npm start` runs. What the start built (the browser app, the server) is
 * printed from its own words; sources unchanged since the last build make it build nothing.
 * `BENCH_START_RUNS` sets how many second starts are timed (default 3; the median is printed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServer } from 'node:net';
import { groupCpuSeconds, loadAverage } from './process-cpu';

const secondRuns = Number(process.env.BENCH_START_RUNS ?? 3);
const timeoutMs = 180_000;

interface StartTime {
  ms: number;
  /** CPU seconds npm, the build step and the server used until `/health` answered. */
  cpuSeconds: number;
  notes: string;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** The start's own words about building (lines that are neither npm's nor JSON log lines). */
function buildNotes(output: string): string {
  return output
    .split('\n')
    .filter((line) => !line.startsWith('>') && !line.startsWith('{'))
    .filter((line) => /build|up to date/i.test(line))
    .map((line) => line.trim())
    .join(' | ');
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  // npm, its shell and the server form one process group: all hear the SIGTERM.
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** `npm start` on `dataDir`: time until `/health` answers 200, and what it built. */
async function timeStart(dataDir: string): Promise<StartTime> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-4000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) {
        const ms = performance.now() - started;
        return { ms, cpuSeconds: await groupCpuSeconds(child.pid!), notes: buildNotes(output) };
      }
      if (performance.now() - started > timeoutMs) throw new Error(`no /health:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await stopGroup(child);
  }
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const figures = (start: StartTime) =>
  `${seconds(start.ms)} (${start.cpuSeconds.toFixed(2)} s of CPU); load average ` +
  `${loadAverage(loadavg())}${start.notes ? `; ${start.notes}` : ''}`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'asphalt-bench-start-'));
try {
  console.log(`npm start to /health, embedded database in ${dataDir}`);
  console.log(`first start (empty data directory): ${figures(await timeStart(dataDir))}`);
  const starts: StartTime[] = [];
  for (let run = 1; run <= secondRuns; run += 1) {
    const again = await timeStart(dataDir);
    starts.push(again);
    console.log(`second start, run ${run}: ${figures(again)}`);
  }
  const wall = median(starts.map((start) => start.ms));
  const cpu = median(starts.map((start) => start.cpuSeconds));
  console.log(
    `second start, median of ${starts.length}: ${seconds(wall)} (${cpu.toFixed(2)} s of CPU; ` +
      'target: under 3 s)',
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
