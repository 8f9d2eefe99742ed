import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids the linter reports for `code` as if it were the file at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the module door (DESIGN.md §3)', () => {
  it('refuses a server module reaching into another module', async () => {
    const found = await problems(
      'server/modules/weather/probe.ts',
      "import { cachedSetting } from '../settings/settings-cache';\nexport const read = cachedSetting;\n",
    );
    expect(found).toEqual([
      "local/module-door: '../settings/settings-cache' is inside the settings module: reach it only through its index.ts.",
    ]);
  });

  it('refuses infrastructure reaching into a module, and re-exports too', async () => {
    const found = await problems(
      'server/engine/probe.ts',
      "export { cachedSetting } from '../modules/settings/settings-cache';\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('inside the settings module');
  });

  it("allows another module's index.ts and a module's own files", async () => {
    expect(
      await problems(
        'server/modules/weather/probe.ts',
        "import { settingValue } from '../settings/index';\nimport { weatherRefreshJob } from './refresh-job';\nexport const all = [settingValue, weatherRefreshJob];\n",
      ),
    ).toEqual([]);
  });

  it('lets only the list of modules import a manifest', async () => {
    const code =
      "import { weatherModule } from './weather/manifest';\nexport const all = [weatherModule];\n";
    expect(await problems('server/modules/index.ts', code)).toEqual([]);
    const outside = await problems(
      'server/modules/outbox/probe.ts',
      "import { weatherModule } from '../weather/manifest';\nexport const all = [weatherModule];\n",
    );
    expect(outside).toHaveLength(1);
  });

  it('holds on the app side as well', async () => {
    const found = await problems(
      'app/modules/weather/probe.tsx',
      "import { DeliveriesPage } from '../deliveries/deliveries-page';\nexport const page = DeliveriesPage;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('inside the deliveries module');
  });
});

describe('the PascalCase alias rule', () => {
  it('refuses an alias the CamelCasePlugin would lower-case', async () => {
    const found = await problems(
      'server/modules/weather/probe.ts',
      "export const query = (db: { select(column: string): unknown }) => db.select('code as Code');\n",
    );
    expect(found.join('\n')).toContain('No PascalCase SQL alias');
  });
});
