import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { serverBuild } from '../../server/build/server-build';

const { scripts } = packageJson;

describe('npm start', () => {
  it('runs the compiled server that `npm run serve` runs, after building what changed', () => {
    // Written out rather than `npm run serve`: a second npm adds some 0.4 s to a start.
    expect(scripts.start).toBe(
      `node --import tsx server/commands/build-for-start.ts && ${scripts.serve}`,
    );
    expect(scripts.serve.split(/\s+/).at(-1)).toBe(
      `${serverBuild.outDir}/${serverBuild.builtFile}`,
    );
  });
});
