/**
 * `npm start` once the server has been built (`dist/server/start.js`, see
 * server/commands/start.mjs): checks in this one process that the browser app and the server
 * are built from the current sources, as server/commands/build-for-start.ts does, and when
 * they are, runs the server here; when not, that script builds them first (through tsx) and the
 * new build runs. A start with nothing to build so spares a second Node process and the
 * TypeScript loader (0.2 s of CPU).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { appBuildOutDir, checkAppBuild, checkBuild } from './app-build-stamp';
import { serverBuild } from './server-build';

const root = path.resolve(import.meta.dirname, '../..');
const staticDir = process.env.STATIC_DIR;
const ownApp = !staticDir || path.resolve(staticDir) === path.join(root, appBuildOutDir);
const [app, server] = await Promise.all([
  ownApp ? checkAppBuild(root) : null,
  checkBuild(root, serverBuild),
]);
if (app?.needed || server.needed) {
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/commands/build-for-start.ts')],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log(
    app
      ? `Browser app in ${appBuildOutDir} is up to date (built ${app.stamp.builtAt}); ` +
          '`npm run build` rebuilds it.'
      : `STATIC_DIR is set: serving ${staticDir} as it is, without a build.`,
  );
  console.log(`Server in ${serverBuild.outDir} is up to date (built ${server.stamp.builtAt}).`);
}
await import(new URL('./main.js', import.meta.url).href);
