import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appBuildOutDir, checkAppBuild } from '../build/app-build-stamp';

/**
 * `npm start` runs this before the server: builds the browser app only when its sources
 * changed since the last build (`npm run build` always builds). An app served from elsewhere
 * (`STATIC_DIR`) is left alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reasons = {
  'not built': 'it has not been built yet',
  'no stamp': 'the last build left no stamp',
  'sources changed': 'its sources changed since the last build',
} as const;

async function buildIfChanged(): Promise<void> {
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

await buildIfChanged();
