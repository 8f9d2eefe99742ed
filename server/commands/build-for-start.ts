import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appBuildOutDir, type BuildCheck, checkAppBuild } from '../build/app-build-stamp';
import { buildServerIfChanged, serverBuild } from '../build/server-build';

/**
 * `npm start` runs this before the server when the last build found something to build, or
 * before the first build (see server/commands/start.mjs): builds the browser app and the
 * server only when their sources changed since their last build (`npm run build` always
 * builds both). An app served from elsewhere (`STATIC_DIR`) is left alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reasons = {
  'not built': 'it has not been built yet',
  'no stamp': 'the last build left no stamp',
  'sources changed': 'its sources changed since the last build',
} as const;

async function buildAppIfChanged(): Promise<void> {
  const staticDir = process.env.STATIC_DIR;
  if (staticDir && path.resolve(staticDir) !== path.join(root, appBuildOutDir)) {
    console.log(`STATIC_DIR is set: serving ${staticDir} as it is, without a build.`);
    return;
  }
  const check = await checkAppBuild(root);
  if (!check.needed) {
    console.log(
      `Browser app in ${appBuildOutDir} is up to date (built ${check.stamp.builtAt}); ` +
        '`npm run build` rebuilds it.',
    );
    return;
  }
  console.log(`Building the browser app: ${reasons[check.reason]}...`);
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

function reportServerBuild(check: BuildCheck): void {
  console.log(
    check.needed
      ? `Built the server into ${serverBuild.outDir}: ${reasons[check.reason]}.`
      : `Server in ${serverBuild.outDir} is up to date (built ${check.stamp.builtAt}).`,
  );
}

// Side by side: on a start with nothing to build, both only hash their sources.
const [, server] = await Promise.all([buildAppIfChanged(), buildServerIfChanged(root)]);
reportServerBuild(server);
