import { mkdir, mkdtemp, rename, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkAppBuild,
  fingerprintSources,
  readBuildStamp,
  writeBuildStamp,
} from '../../server/build/app-build-stamp';

const inputs = ['app', 'vite.config.ts'];

describe('the build-when-changed check of npm start', () => {
  let root: string;
  let outDir: string;
  const check = () => checkAppBuild(root, outDir, inputs);
  const build = async () => {
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'index.html'), '<!doctype html>');
    await writeBuildStamp(outDir, await fingerprintSources(root, inputs));
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'asphalt-build-'));
    outDir = path.join(root, 'dist', 'app');
    await mkdir(path.join(root, 'app', 'modules'), { recursive: true });
    await writeFile(path.join(root, 'app', 'main.tsx'), 'render()');
    await writeFile(path.join(root, 'app', 'modules', 'login.tsx'), 'login()');
    await writeFile(path.join(root, 'vite.config.ts'), 'export default {}');
  });

  it('builds when nothing was built, or a build left no stamp', async () => {
    expect(await check()).toEqual({ needed: true, reason: 'not built' });
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'index.html'), '<!doctype html>');
    expect(await check()).toEqual({ needed: true, reason: 'no stamp' });
  });

  it('skips the build when no input changed, even if files were touched', async () => {
    await build();
    const result = await check();
    expect(result.needed).toBe(false);
    expect(result.needed ? null : result.stamp).toEqual(await readBuildStamp(outDir));
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'app', 'main.tsx'), later, later);
    expect((await check()).needed).toBe(false);
  });

  it.each([
    ['an edited source', () => writeFile(path.join(root, 'app', 'modules', 'login.tsx'), 'x')],
    ['a new source', () => writeFile(path.join(root, 'app', 'modules', 'new.tsx'), '')],
    [
      'a renamed source',
      () => rename(path.join(root, 'app', 'modules', 'login.tsx'), path.join(root, 'app', 'l.tsx')),
    ],
    ['an edited vite config', () => writeFile(path.join(root, 'vite.config.ts'), 'export {}')],
  ])('builds again after %s', async (_, change) => {
    await build();
    await change();
    expect(await check()).toEqual({ needed: true, reason: 'sources changed' });
  });

  it('counts the VITE_ variables the bundle bakes in, and no others', async () => {
    const plain = await fingerprintSources(root, inputs, {});
    expect(await fingerprintSources(root, inputs, { HOME: '/x' })).toBe(plain);
    expect(await fingerprintSources(root, inputs, { VITE_FLAG: '1' })).not.toBe(plain);
  });
});
