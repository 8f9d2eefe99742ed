import { build } from 'esbuild';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BuildCheck,
  type BuildTarget,
  checkBuild,
  fingerprintSources,
  writeBuildStamp,
} from './app-build-stamp';

/**
 * The server as production runs it: one JavaScript file (`dist/server/server.js`, with its
 * source map) bundling our own code (server, metadata, platform/core), with every package
 * left to node_modules (PGlite finds its WASM and data files there), started by
 * `dist/server/main.js` (see compiled-main.ts). Nothing from the environment is baked in.
 */
export const serverBuild: BuildTarget = {
  inputs: [
    'server',
    'metadata',
    'platform/core',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ],
  outDir: 'dist/server',
  builtFile: 'main.js',
  env: {},
};

/** Sources the bundle read that the stamp does not hash (a change to them would go unseen). */
function unhashed(bundled: readonly string[]): string[] {
  const within = (file: string) =>
    serverBuild.inputs.some((input) => file === input || file.startsWith(`${input}/`));
  return bundled.filter((file) => !within(file));
}

/** Writes a file under a temporary name, then renames it: a running reader sees old or new. */
async function replaceFile(file: string, contents: Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/**
 * Bundles the server with esbuild into `dist/server` and stamps it with the fingerprint of
 * its sources, taken before the build reads them (an edit meanwhile shows next time). Each
 * file is replaced whole and the stamp is written last, so a server starting meanwhile, or
 * a build interrupted, never runs half a build.
 *
 * @example await buildServer(process.cwd());
 */
export async function buildServer(root: string): Promise<void> {
  const fingerprint = await fingerprintSources(root, serverBuild.inputs, serverBuild.env);
  const outDir = path.join(root, serverBuild.outDir);
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/build/compiled-main.ts', server: 'server/main.ts' },
    outdir: serverBuild.outDir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  const missed = unhashed(Object.keys(result.metafile.inputs));
  if (missed.length > 0) {
    throw new Error(`The server bundle reads ${missed.join(', ')}: add to serverBuild.inputs.`);
  }
  await mkdir(outDir, { recursive: true });
  for (const file of result.outputFiles) await replaceFile(file.path, file.contents);
  await writeBuildStamp(outDir, fingerprint);
}

/** Builds the server when its sources changed since the last build (see checkBuild). */
export async function buildServerIfChanged(root: string): Promise<BuildCheck> {
  const check = await checkBuild(root, serverBuild);
  if (check.needed) await buildServer(root);
  return check;
}
