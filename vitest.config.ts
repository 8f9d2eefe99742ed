import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

/** The test files under `dir` (relative to this file) that mock modules with `vi.mock`. */
function filesMockingModules(dir: string, suffix: string): string[] {
  return readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) =>
      /\bvi\s*\.\s*(do)?[mM]ock\s*\(/.test(
        readFileSync(path.join(import.meta.dirname, file), 'utf8'),
      ),
    );
}

/**
 * A project whose test files share worker processes (`isolate: false`): packages load once per
 * worker instead of once per file (PGlite's WebAssembly, React, Mantine, jsdom), while each file
 * still gets fresh copies of our own modules (tests/support/fresh-modules.ts). A module mock
 * would stay registered for the files after it in the same worker, so the files using
 * `vi.mock` run in a twin project `<name>-isolated`, one process per file as by default.
 */
function sharedWorkerProject(
  name: string,
  dir: string,
  suffix: string,
  test: ProjectTest,
): TestProjectInlineConfiguration[] {
  const mocking = filesMockingModules(dir, suffix);
  const include = [`${dir}/**/*${suffix}`];
  const shared: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      ...test,
      name,
      include,
      exclude: [...configDefaults.exclude, ...mocking],
      isolate: false,
      setupFiles: ['tests/support/fresh-modules.ts', ...toArray(test.setupFiles)],
    },
  };
  if (mocking.length === 0) return [shared];
  return [shared, { extends: true, test: { ...test, name: `${name}-isolated`, include: mocking } }];
}

/**
 * On PostgreSQL (TEST_DATABASE_URL set) only the integration tests run: the unit and component
 * tests touch no database, and already ran on the embedded one (CI runs both in turn).
 * `TEST_EVERYTHING=1` runs them too.
 */
const databaseOnly = !!process.env.TEST_DATABASE_URL && !process.env.TEST_EVERYTHING;

const toArray = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export default defineConfig({
  plugins: [react()],
  test: {
    // Cheap password hashing (server/security/password-hash.ts): for the tests only.
    env: { PASSWORD_HASH_COST: 'test' },
    // One worker per core of the two-core CI machine, for all projects together: unset, vitest
    // keeps a core to itself there and runs one file at a time. Each PGlite takes ~800 MB.
    maxWorkers: 2,
    projects: [
      ...(databaseOnly
        ? []
        : sharedWorkerProject('unit', 'tests/unit', '.test.ts', { environment: 'node' })),
      ...sharedWorkerProject('integration', 'tests/integration', '.test.ts', {
        environment: 'node',
        // Migrates and seeds template databases once per run; each file copies one
        // (tests/support/test-templates.ts).
        globalSetup: ['tests/support/global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      }),
      ...(databaseOnly
        ? []
        : [
            {
              // One process per file, as by default: sharing a jsdom window between files (tried
              // with a fresh window per file) let a Mantine menu's dropdown go missing now and then
              // under load. Correct first; the integration files are where sharing saves most.
              extends: true,
              test: {
                name: 'component',
                include: ['tests/component/**/*.test.tsx'],
                environment: 'jsdom',
                setupFiles: ['tests/support/component-setup.ts'],
                // @rjsf/mantine imports a dayjs plugin without its .js extension.
                server: { deps: { inline: ['@rjsf/mantine'] } },
                testTimeout: 15_000,
              },
            },
          ]),
    ],
  },
});
