import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingSection, SettingsLoadResult } from '#metadata';
import { serverModules } from '../../server/modules/index';
import type { ServerModule } from '../../server/modules/module';
import { settingValue } from '../../server/modules/settings/index';
import { seedReferenceData } from '../../server/seed/reference';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { roleIdOf, userIdOf } from './people-support';

/**
 * The module door: a feature that is nothing but its own manifest brings a route, a setting, a
 * permission, a job and a screen's route, and each works with no other file of the server
 * changed (the browser half, a screen and an action, is `tests/component/module-actions.test.tsx`).
 */
const greetingSection: SettingSection = {
  id: 'Greeter',
  title: 'SETTINGS.SECTION.APP',
  settings: [
    {
      key: 'Greeter.Greeting',
      schema: { type: 'string', minLength: 1, maxLength: 20 },
      default: 'Hello',
      title: 'SETTINGS.APP.NAME',
    },
  ],
};

const greeterModule: ServerModule = {
  name: 'greeter',
  entityHooks: {},
  settings: { sections: [greetingSection] },
  permissions: [{ Id: 900, Code: 'UseGreeter', Name: 'Use the greeter' }],
  screens: [{ name: 'greeter', route: '/greeter', Permission: 'UseGreeter' }],
  async routes(app) {
    app.get(
      '/api/greeter/greeting',
      {
        config: { permission: 'UseGreeter' },
        schema: {
          response: {
            200: {
              type: 'object',
              properties: { Greeting: { type: 'string' } },
              required: ['Greeting'],
            },
          },
        },
      },
      async () => ({ Greeting: await settingValue<string>(app.db, 'Greeter.Greeting') }),
    );
  },
  jobs: (app) => [
    {
      name: 'greeter.greet',
      title: 'JOBS.HOUSEKEEPING',
      schedule: '0 6 * * *',
      enabled: false,
      async run() {
        return { rows: 1, message: await settingValue<string>(app.db, 'Greeter.Greeting') };
      },
    },
  ],
};

const modules = [...serverModules, greeterModule];

let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ demo: true, jobs: true, modules });
  // What a start with this module in the list does: the release's reference data, its own too.
  await seedReferenceData(t.database.db, modules);
  client = apiClient(t);
});
afterAll(() => t.close());

describe('a module that is only its manifest', () => {
  it('brings its permission: seeded, offered to roles, and guarding its route', async () => {
    const stored = await t.database.db
      .selectFrom('permissions')
      .select(['id', 'code'])
      .where('code', '=', 'UseGreeter')
      .executeTakeFirst();
    expect(stored).toEqual({ id: 900, code: 'UseGreeter' });

    expect((await client.get(null, '/api/greeter/greeting')).statusCode).toBe(401);
    expect((await client.get('employee1', '/api/greeter/greeting')).statusCode).toBe(403);

    const role = await client.post('admin', '/api/Roles/SaveRole', {
      Name: 'Greeters',
      Permissions: [{ Id: 900, IsChecked: true }],
    });
    expect(role.statusCode).toBe(200);
    await t.database.db
      .insertInto('userRoles')
      .values({ userId: await userIdOf(t, 'employee1'), roleId: await roleIdOf(t, 'Greeters') })
      .execute();
    client.forget('employee1');
    const answer = await client.get('employee1', '/api/greeter/greeting');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ Greeting: 'Hello' });
  });

  it('brings its setting: listed, saved through the settings call within its schema, read by its code', async () => {
    const load = async () =>
      (await client.post('admin', '/api/settings/load', {})).json<SettingsLoadResult>();
    const section = (await load()).Sections.find((s) => s.Id === 'Greeter');
    expect(section?.Settings).toEqual([
      { Key: 'Greeter.Greeting', Value: 'Hello', Version: expect.any(String) },
    ]);
    const version = section!.Settings[0]!.Version;

    const tooLong = await client.post('admin', '/api/settings/save', {
      Values: { 'Greeter.Greeting': 'x'.repeat(21) },
      Versions: { 'Greeter.Greeting': version },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('Greeter.Greeting');

    const saved = await client.post('admin', '/api/settings/save', {
      Values: { 'Greeter.Greeting': 'Good morning' },
      Versions: { 'Greeter.Greeting': version },
    });
    expect(saved.statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'Greeter.Greeting')
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe('Good morning');
    expect((await client.get('admin', '/api/greeter/greeting')).json()).toEqual({
      Greeting: 'Good morning',
    });
  });

  it('brings its job: listed on the jobs page and run on demand through the queue', async () => {
    const jobs = (await client.get('admin', '/api/jobs')).json<{ Name: string }[]>();
    expect(jobs.map((job) => job.Name)).toContain('greeter.greet');

    const asked = await client.post('admin', '/api/jobs/greeter.greet/run', {});
    expect(asked.statusCode).toBe(202);
    const deadline = Date.now() + 20_000;
    let run: { State: string; Message: string | null } | undefined;
    while (Date.now() < deadline) {
      const runs = (await client.get('admin', '/api/jobs/greeter.greet/runs')).json<{
        Items: { State: string; Message: string | null }[];
      }>();
      run = runs.Items[0];
      if (run && run.State !== 'running' && run.State !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(run).toMatchObject({ State: 'succeeded', Message: 'Good morning' });
  });

  it('brings its screen: its route goes to the browser and to the permissions screen', async () => {
    const routes = (await client.get(null, '/api/routes')).json<{ name: string }[]>();
    expect(routes).toContainEqual({ name: 'greeter', route: '/greeter', Permission: 'UseGreeter' });
    const permissions = await client.get('admin', '/api/permissions/GetRoutePermissions');
    expect(permissions.json()).toContainEqual({
      Name: 'greeter',
      Route: '/greeter',
      Permission: 'UseGreeter',
    });
  });
});
