import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the browser app is built from, relative to the project root: with the two files of
 * server/build that vite.config.ts imports (not the server's own build, whose changes would
 * rebuild the app for nothing).
 */
export const appBuildInputs = [
  'app',
  'platform',
  'metadata',
  'server/build/app-build-stamp.ts',
  'server/build/precompress.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Where `vite build` writes the browser app, relative to the project root. */
export const appBuildOutDir = 'dist/app';

/** Written into the build output last, so a failed or interrupted build leaves none. */
export const buildStampFile = '.build-stamp.json';

export interface BuildStamp {
  fingerprint: string;
  builtAt: string;
}

export type BuildCheck =
  | { needed: false; stamp: BuildStamp }
  | { needed: true; reason: 'not built' | 'no stamp' | 'sources changed' };

async function filesUnder(absolute: string): Promise<string[]> {
  const info = await stat(absolute).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [absolute];
  const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A hash of the contents and names of every build input, and of the `VITE_*` variables Vite
 * bakes into the bundle. Contents rather than times, so a checkout or copy that keeps
 * times cannot hide a change.
 *
 * @example const fingerprint = await fingerprintSources(process.cwd());
 */
export async function fingerprintSources(
  root: string,
  inputs: readonly string[] = appBuildInputs,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const files = (await filesUnder(path.join(root, input))).sort();
    hash.update(`${input}\0${files.length}\0`);
    for (const file of files) {
      hash.update(`${path.relative(root, file).split(path.sep).join('/')}\0`);
      // Read synchronously: a start reads a thousand small files, and the promise API's trips
      // through the thread pool took half as long again (150 ms against 90 ms here).
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => a.localeCompare(b))) {
    if (name.startsWith('VITE_')) hash.update(`${name}=${value ?? ''}\0`);
  }
  return hash.digest('hex');
}

export async function readBuildStamp(outDir: string): Promise<BuildStamp | null> {
  try {
    const stamp: unknown = JSON.parse(await readFile(path.join(outDir, buildStampFile), 'utf8'));
    return typeof stamp === 'object' &&
      stamp !== null &&
      'fingerprint' in stamp &&
      typeof stamp.fingerprint === 'string' &&
      'builtAt' in stamp &&
      typeof stamp.builtAt === 'string'
      ? { fingerprint: stamp.fingerprint, builtAt: stamp.builtAt }
      : null;
  } catch {
    return null;
  }
}

export async function writeBuildStamp(outDir: string, fingerprint: string): Promise<void> {
  const stamp: BuildStamp = { fingerprint, builtAt: new Date().toISOString() };
  await writeFile(path.join(outDir, buildStampFile), `${JSON.stringify(stamp)}\n`);
}

/** A build that `npm start` makes only when its sources changed (see checkBuild). */
export interface BuildTarget {
  /** What it is built from, relative to the project root. */
  inputs: readonly string[];
  /** Where it is written, relative to the project root. */
  outDir: string;
  /** The file whose absence says it was never built, relative to `outDir`. */
  builtFile: string;
  /** The environment variables it bakes in (by fingerprintSources's rule: `VITE_*`). */
  env: NodeJS.ProcessEnv;
}

/**
 * Whether a build in `outDir` must be made again: no build, a build without a stamp
 * (interrupted, or made by an older version), or sources that changed since.
 */
export async function checkBuild(
  root: string,
  { inputs, outDir, builtFile, env }: BuildTarget,
): Promise<BuildCheck> {
  const out = path.resolve(root, outDir);
  const built = await stat(path.join(out, builtFile)).catch(() => null);
  if (!built) return { needed: true, reason: 'not built' };
  const stamp = await readBuildStamp(out);
  if (!stamp) return { needed: true, reason: 'no stamp' };
  if (stamp.fingerprint !== (await fingerprintSources(root, inputs, env))) {
    return { needed: true, reason: 'sources changed' };
  }
  return { needed: false, stamp };
}

/** Whether the browser app in `outDir` must be built again (see checkBuild). */
export async function checkAppBuild(
  root: string,
  outDir = path.join(root, appBuildOutDir),
  inputs: readonly string[] = appBuildInputs,
): Promise<BuildCheck> {
  return checkBuild(root, { inputs, outDir, builtFile: 'index.html', env: process.env });
}
