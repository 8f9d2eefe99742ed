import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { serverBuild } from '../../server/build/server-build';

const { scripts } = packageJson;

describe('npm start', () => {
  it('runs the compiled server that `npm run serve` runs, after building what changed', () => {
    // One Node process, with the flags `npm run serve` gives the server: server/commands/
    // start.mjs checks the builds and runs dist/server/main.js itself (a second npm, or a
    // second Node for the check, adds some 0.2-0.4 s to a start).
    const [node, ...flags] = scripts.serve.split(/\s+/).slice(0, -1);
    expect(scripts.start).toBe(`${node} ${flags.join(' ')} server/commands/start.mjs`);
    expect(scripts.serve.split(/\s+/).at(-1)).toBe(
      `${serverBuild.outDir}/${serverBuild.builtFile}`,
    );
  });
});
