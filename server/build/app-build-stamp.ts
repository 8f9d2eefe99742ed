import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What the browser app is built from, relative to the project root. */
export const appBuildInputs = [
  'app',
  'platform',
  'metadata',
  'server/build',
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
      hash.update(await readFile(file));
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

/**
 * Whether the browser app in `outDir` must be built again: no build, a build without a stamp
 * (interrupted, or made by an older version), or sources that changed since.
 */
export async function checkAppBuild(
  root: string,
  outDir = path.join(root, appBuildOutDir),
  inputs: readonly string[] = appBuildInputs,
): Promise<BuildCheck> {
  const built = await stat(path.join(outDir, 'index.html')).catch(() => null);
  if (!built) return { needed: true, reason: 'not built' };
  const stamp = await readBuildStamp(outDir);
  if (!stamp) return { needed: true, reason: 'no stamp' };
  if (stamp.fingerprint !== (await fingerprintSources(root, inputs))) {
    return { needed: true, reason: 'sources changed' };
  }
  return { needed: false, stamp };
}
