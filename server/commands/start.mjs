/**
 * `npm start`: builds what changed, then serves. Plain JavaScript, so that no TypeScript loader
 * runs on a start with nothing to build: the server's last build checks the builds and runs
 * the server in this one process (dist/server/start.js, see server/build/compiled-start.ts).
 * Before the first build, server/commands/build-for-start.ts builds both through tsx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const compiledStart = new URL('../../dist/server/start.js', import.meta.url);
let entry = compiledStart;
if (!existsSync(compiledStart)) {
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('build-for-start.ts', import.meta.url))],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)), stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Built (or found up to date, start.js lost): the server runs without checking again.
  entry = new URL('../../dist/server/main.js', import.meta.url);
}
await import(entry.href);
