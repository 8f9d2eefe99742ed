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
 * source map) bundling our own code (server, metadata, platform/core) and the packages it
 * imports, but for unbundledPackages, started by `dist/server/main.js` (see compiled-main.ts).
 * Bundled, the packages cost a start 0.5 s less CPU: Node no longer resolves, reads and
 * compiles some 900 files one by one. Nothing from the environment is baked in.
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

/**
 * Packages the bundle leaves in node_modules, loaded from there when the server runs: PGlite
 * finds its WASM and data files beside its own code, @fastify/swagger reads its own
 * package.json, pino starts its transports' workers from files of its own, exceljs serves two
 * routes only (bundled, every start would read it), and the build tools are not the server's.
 */
export const unbundledPackages = [
  '@electric-sql/pglite',
  '@fastify/swagger',
  'pino',
  'exceljs',
  'esbuild',
  'vite',
  'tsx',
];

/**
 * Sources the bundle read that the stamp does not hash (a change to them would go unseen).
 * The packages' files are hashed through package-lock.json, which names their versions.
 */
function unhashed(bundled: readonly string[]): string[] {
  const within = (file: string) =>
    serverBuild.inputs.some((input) => file === input || file.startsWith(`${input}/`));
  // A package's path may lead elsewhere first (node_modules linked from another checkout).
  const isPackage = (file: string) => /(^|\/)node_modules\//.test(file);
  return bundled.filter((file) => !within(file) && !isPackage(file));
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
  // Imported here: a start with nothing to build does not load esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/build/compiled-main.ts',
      server: 'server/main.ts',
      start: 'server/build/compiled-start.ts',
    },
    outdir: serverBuild.outDir,
    bundle: true,
    external: unbundledPackages.flatMap((name) => [name, `${name}/*`]),
    // Packages written as CommonJS require Node's modules and the unbundled packages when
    // they run: an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as createRequireForPackages } from 'node:module';\nconst require = createRequireForPackages(import.meta.url);",
    },
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
