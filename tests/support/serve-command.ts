/**
 * What production runs: the compiled server, with the command of `npm run serve` (read from
 * package.json, so tests and benchmarks run the Node flags production runs with), built first
 * when its sources changed since the last build, as `npm start` does.
 */
import { fileURLToPath } from 'node:url';
import packageJson from '../../package.json' with { type: 'json' };
import { buildServerIfChanged } from '../../server/build/server-build';

/** The project root, where `npm run serve` runs. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run serve`'s arguments after `node`, e.g. `['--max-semi-space-size=8', ...]`. */
export function serveArguments(): string[] {
  const [command, ...args] = packageJson.scripts.serve.split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve is not a node command: ${command}`);
  return args;
}

/** Builds the server into dist/server unless the last build is of the current sources. */
export async function prepareServe(): Promise<void> {
  await buildServerIfChanged(projectRoot);
}
