import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SettingsLoadResult, type SettingValue } from '#metadata';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import { settingDefault, settingSections } from '../../server/modules/settings/index';
import { apiClient, type ApiClient } from '../support/api-client';
import { startSmtpCapture } from '../support/smtp-capture';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * `api/settings/*` over HTTP: load and save every setting of the registry (validated by its
 * schema, all or nothing, versioned, change-logged, secrets write-only), what the sign-in
 * screens read, and the test mail over a real local SMTP server.
 */

type ErrorBody = { Message: string; Errors?: { Field: string; Message: string }[] };

const paths = {
  load: '/api/settings/load',
  save: '/api/settings/save',
  password: '/api/settings/GetPasswordSettings',
  captcha: '/api/settings/GetRecaptchaSettings',
  testEmail: '/api/settings/TestEmailSettings',
};

let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

const stored = async (key: string) =>
  (
    await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst()
  )?.value;

const load = async (user = 'admin') => {
  const response = await client.post(user, paths.load, {});
  expect(response.statusCode).toBe(200);
  return response.json<SettingsLoadResult>();
};
const settingOf = (result: SettingsLoadResult, key: string): SettingValue =>
  result.Sections.flatMap((section) => section.Settings).find((setting) => setting.Key === key)!;
const versionOf = async (key: string) => settingOf(await load(), key).Version;

const save = (
  Values: Record<string, unknown>,
  Versions?: Record<string, string | null>,
  user = 'admin',
) => client.post(user, paths.save, Versions ? { Values, Versions } : { Values });

const logOf = (key: string) =>
  t.database.db
    .selectFrom('changeLogs')
    .selectAll()
    .where('entityType', '=', 'Setting')
    .where('entityId', '=', key)
    .orderBy('id')
    .execute();

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('POST api/settings/load', () => {
  it('answers every setting of the registry by section, secrets only as set or not', async () => {
    const result = await load();
    expect(result.Sections.map((section) => section.Id)).toEqual(
      settingSections().map((section) => section.id),
    );
    const all = result.Sections.flatMap((section) => section.Settings);
    expect(all.map((setting) => setting.Key)).toEqual(
      settingSections().flatMap((section) => section.settings.map((s) => s.key)),
    );
    expect(settingOf(result, 'Compaction.StopTemperature')).toMatchObject({ Value: 79.4 });
    // The demo turns demo mode on and puts users in groups and companies.
    expect(settingOf(result, 'App.DemoMode').Value).toBe(true);
    expect(settingOf(result, 'GroupsAndCompanies.UsersBelongTo').Value).toBe(3);
    for (const key of ['Weather.ApiKey', 'Email.SmtpPassword']) {
      expect(settingOf(result, key)).toEqual({
        Key: key,
        IsSet: false,
        Version: expect.any(String),
      });
    }
    // Internal bookkeeping rows of the table are no settings.
    expect(JSON.stringify(result)).not.toContain('System.SeededMenuItemIds');
  });

  it('is refused to anonymous callers and to employee1', async () => {
    expect((await client.post(null, paths.load, {})).statusCode).toBe(401);
    const refused = await client.post('employee1', paths.load, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().Message).toBeTruthy();
  });
});

describe('POST api/settings/save', () => {
  it('saves a changed setting, logs old -> new, and answers the new version', async () => {
    const version = await versionOf('Compaction.StopTemperature');
    const response = await save(
      { 'Compaction.StopTemperature': 85 },
      { 'Compaction.StopTemperature': version },
    );
    expect(response.statusCode).toBe(200);
    const saved = settingOf(response.json<SettingsLoadResult>(), 'Compaction.StopTemperature');
    expect(saved.Value).toBe(85);
    expect(saved.Version).not.toBe(version);
    expect(await stored('Compaction.StopTemperature')).toBe(85);
    const [entry] = await logOf('Compaction.StopTemperature');
    expect(entry).toMatchObject({ actionType: 1, userName: 'admin' });
    expect(entry!.changes).toEqual([
      expect.objectContaining({ ChangeText: 'Compaction.StopTemperature: 79.4 → 85' }),
    ]);
  });

  it('changes the calculator answer at once', async () => {
    const input = { ThicknessMm: 40, LayingTemperature: 150, AirTemperature: 10, WindSpeedKmh: 10 };
    const minutes = async () => {
      const response = await client.post('employee1', '/api/compaction/calculate', input);
      expect(response.statusCode).toBe(200);
      return response.json<{ AvailableTimeForCompaction: number; StopTemperature: number }>();
    };
    const before = await minutes();
    const response = await save(
      { 'Compaction.StopTemperature': before.StopTemperature + 20 },
      { 'Compaction.StopTemperature': await versionOf('Compaction.StopTemperature') },
    );
    expect(response.statusCode).toBe(200);
    const after = await minutes();
    expect(after.StopTemperature).toBe(before.StopTemperature + 20);
    expect(after.AvailableTimeForCompaction).toBeLessThan(before.AvailableTimeForCompaction);
  });

  it('saves nothing when one value among good ones is bad, naming the setting and why', async () => {
    const testMode = await stored('App.TestMode');
    const response = await save({
      'App.TestMode': !testMode,
      'Compaction.WarmMixAllowance': 500,
      'Security.LockoutMinutes': 20,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.Message).toContain('Compaction.WarmMixAllowance');
    expect(body.Errors).toEqual([
      { Field: 'Compaction.WarmMixAllowance', Message: 'must be 100 or less' },
    ]);
    expect(await stored('App.TestMode')).toBe(testMode);
    expect(await stored('Security.LockoutMinutes')).toBe(15);
  });

  it('refuses unknown keys, wrong types, bad choices and rows the model cannot use', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ 'Nope.Setting': 1 }, 'Nope.Setting'],
      [{ 'System.SeededMenuItemIds': [] }, 'System.SeededMenuItemIds'],
      [{ 'Security.LockoutMinutes': '15' }, 'Security.LockoutMinutes'],
      [{ 'GroupsAndCompanies.UsersBelongTo': 7 }, 'GroupsAndCompanies.UsersBelongTo'],
      [{ 'Password.MinLength': 5 }, 'Password.MinLength'],
      [{ 'Email.ProblemReportsTo': 'not an address' }, 'Email.ProblemReportsTo'],
      [
        {
          'Compaction.Materials': {
            ...(settingDefault('Compaction.Materials') as object),
            mix: {},
          },
        },
        'Compaction.Materials.mix.dense',
      ],
      [
        {
          'Compaction.RollingMinutesByThickness': [
            { maxMm: 40, minutes: 8 },
            { maxMm: 25, minutes: 6 },
            { maxMm: null, minutes: 15 },
          ],
        },
        'Compaction.RollingMinutesByThickness',
      ],
    ];
    for (const [values, field] of cases) {
      const response = await save(values);
      expect(response.statusCode, field).toBe(400);
      expect(response.json<ErrorBody>().Errors?.[0]?.Field, field).toBe(field);
    }
    expect(await stored('Security.LockoutMinutes')).toBe(15);
    expect(await stored('GroupsAndCompanies.UsersBelongTo')).toBe(3);
  });

  it('refuses settings that would turn their pair upside down, against the stored partner', async () => {
    const response = await save({ 'Security.CaptchaCounterMin': 6000 });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().Errors).toEqual([
      {
        Field: 'Security.CaptchaCounterMin',
        Message: 'must be less than Security.CaptchaCounterMax (6000)',
      },
    ]);
    const both = await save({
      'Security.CaptchaCounterMin': 7000,
      'Security.CaptchaCounterMax': 9000,
    });
    expect(both.statusCode).toBe(200);
    expect(await stored('Security.CaptchaCounterMin')).toBe(7000);
    expect((await save({ 'Compaction.GreenMultiple': 0.5 })).statusCode).toBe(400);
    expect(await stored('Compaction.GreenMultiple')).toBe(1.5);
    const challenge = await client.get(null, '/api/auth/captcha/challenge');
    expect(challenge.statusCode).toBe(200);
  });

  it('saves table-shaped settings whole', async () => {
    const rows = [
      { maxMm: 30, minutes: 7 },
      { maxMm: null, minutes: 14 },
    ];
    const response = await save({ 'Compaction.RollingMinutesByThickness': rows });
    expect(response.statusCode).toBe(200);
    expect(await stored('Compaction.RollingMinutesByThickness')).toEqual(rows);
  });

  it('refuses a stale version with 409 naming the setting, and saves nothing', async () => {
    const loaded = await load();
    const version = settingOf(loaded, 'Security.IdleTimeoutMinutes').Version;
    const lockout = settingOf(loaded, 'Security.LockoutMinutes').Version;
    expect(
      (
        await save(
          { 'Security.IdleTimeoutMinutes': 11 },
          { 'Security.IdleTimeoutMinutes': version },
        )
      ).statusCode,
    ).toBe(200);
    const response = await save(
      { 'Security.IdleTimeoutMinutes': 12, 'Security.LockoutMinutes': 30 },
      { 'Security.IdleTimeoutMinutes': version, 'Security.LockoutMinutes': lockout },
    );
    expect(response.statusCode).toBe(409);
    const body = response.json<ErrorBody>();
    expect(body.Message).toContain('Security.IdleTimeoutMinutes');
    expect(body.Errors).toEqual([
      { Field: 'Security.IdleTimeoutMinutes', Message: expect.stringContaining('someone else') },
    ]);
    expect(await stored('Security.IdleTimeoutMinutes')).toBe(11);
    expect(await stored('Security.LockoutMinutes')).toBe(15);
  });

  it('lets only one of two simultaneous saves from the same load through', async () => {
    const version = await versionOf('Weather.Retries');
    const answers = await Promise.all(
      [3, 4].map((retries) => save({ 'Weather.Retries': retries }, { 'Weather.Retries': version })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    const saved = settingOf(winner.json<SettingsLoadResult>(), 'Weather.Retries').Value;
    expect(await stored('Weather.Retries')).toBe(saved);
    expect(await logOf('Weather.Retries')).toHaveLength(1);
  });

  it('stores a setting never stored before, and refuses a second save from the same load', async () => {
    await t.database.db.deleteFrom('settings').where('key', '=', 'Feedback.ProjectCode').execute();
    forgetSettings(t.database.db);
    const loaded = settingOf(await load(), 'Feedback.ProjectCode');
    expect(loaded).toMatchObject({ Value: '', Version: null });
    expect(
      (await save({ 'Feedback.ProjectCode': 'ASPH' }, { 'Feedback.ProjectCode': null })).statusCode,
    ).toBe(200);
    expect(await stored('Feedback.ProjectCode')).toBe('ASPH');
    const again = await save({ 'Feedback.ProjectCode': 'OTHER' }, { 'Feedback.ProjectCode': null });
    expect(again.statusCode).toBe(409);
    expect(await stored('Feedback.ProjectCode')).toBe('ASPH');
  });

  it('keeps secrets write-only: set, never answered nor logged, cleared on request', async () => {
    const secret = 'sk-live-0123456789-secret';
    const response = await save({ 'Weather.ApiKey': secret });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(secret);
    expect(settingOf(response.json<SettingsLoadResult>(), 'Weather.ApiKey')).toMatchObject({
      IsSet: true,
    });
    expect(await stored('Weather.ApiKey')).toBe(secret);
    const loaded = await client.post('admin', paths.load, {});
    expect(loaded.body).not.toContain(secret);
    expect(settingOf(loaded.json<SettingsLoadResult>(), 'Weather.ApiKey')).not.toHaveProperty(
      'Value',
    );
    const captcha = await client.get(null, paths.captcha);
    expect(captcha.body).not.toContain(secret);

    // Saving other settings leaves it as it is.
    expect((await save({ 'Weather.RefreshMinutes': 30 })).statusCode).toBe(200);
    expect(await stored('Weather.ApiKey')).toBe(secret);

    // An empty text is no value; null clears it.
    expect((await save({ 'Weather.ApiKey': '' })).statusCode).toBe(400);
    const cleared = await save({ 'Weather.ApiKey': null });
    expect(cleared.statusCode).toBe(200);
    expect(settingOf(cleared.json<SettingsLoadResult>(), 'Weather.ApiKey')).toMatchObject({
      IsSet: false,
    });
    expect(await stored('Weather.ApiKey')).toBe('');

    const log = await logOf('Weather.ApiKey');
    expect(log).toHaveLength(2);
    expect(JSON.stringify(log)).not.toContain(secret);
    expect(log[0]!.changes).toEqual([
      {
        Field: 'Weather.ApiKey',
        OldValue: null,
        NewValue: null,
        ChangeText: 'Weather.ApiKey: changed',
      },
    ]);
    const audit = await client.get('admin', '/api/changelog/GetAllChangeLogs');
    expect(audit.body).not.toContain(secret);
  });

  it('is refused to employee1 and anonymous callers, and nothing changes', async () => {
    const before = await stored('App.TestMode');
    for (const user of ['employee1', null]) {
      const response = await save({ 'App.TestMode': !before }, undefined, user as string);
      expect(response.statusCode).toBe(user ? 403 : 401);
    }
    expect(await stored('App.TestMode')).toBe(before);
  });
});

describe('what the sign-in screens read', () => {
  it('GET api/settings/GetPasswordSettings answers the meter rules to anyone', async () => {
    const response = await client.get(null, paths.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      MinLength: 6,
      StrongLength: 12,
      ForbidEmailName: true,
      ForbidUserName: true,
    });
    expect((await save({ 'Password.MinLength': 8 })).statusCode).toBe(200);
    expect((await client.get('employee1', paths.password)).json()).toMatchObject({ MinLength: 8 });
  });

  it('GET api/settings/GetRecaptchaSettings answers the captcha threshold and nothing secret', async () => {
    const response = await client.get(null, paths.captcha);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Provider: 'altcha',
      ChallengeUrl: '/api/auth/captcha/challenge',
      RequiredAfterFailedAttempts: 3,
      AlwaysRequired: false,
    });
    expect((await save({ 'Security.CaptchaAfterFailedAttempts': 0 })).statusCode).toBe(200);
    expect((await client.get(null, paths.captcha)).json()).toMatchObject({
      RequiredAfterFailedAttempts: 0,
      AlwaysRequired: true,
    });
  });
});

describe('GET api/settings/GetFeedbackSettings', () => {
  it('answers the feedback panel its settings, to holders of CanManageFeedbacks only', async () => {
    expect(
      (
        await save({
          'Feedback.ServerCode': 'LIVE-1',
          'Feedback.FeedbackUrl': 'https://feedback.example.com/api',
          'Feedback.DockPosition': 'left',
        })
      ).statusCode,
    ).toBe(200);
    const response = await client.get('admin', '/api/settings/GetFeedbackSettings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ProjectCode: expect.any(String),
      ServerCode: 'LIVE-1',
      FeedbackUrl: 'https://feedback.example.com/api',
      TestMode: false,
      DockPosition: 'left',
    });
    expect((await client.get('employee1', '/api/settings/GetFeedbackSettings')).statusCode).toBe(
      403,
    );
    expect((await save({ 'Feedback.DockPosition': 'top' })).statusCode).toBe(400);
  });
});

describe('POST api/settings/TestEmailSettings and mail from settings', () => {
  it('says no server is configured while neither the settings nor SMTP_URL name one', async () => {
    const response = await client.post('admin', paths.testEmail, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ErrorMessage: expect.stringContaining('No SMTP server'),
    });
  });

  it('sends with unsaved values, then with the saved ones, and mail follows the settings', async () => {
    const smtp = await startSmtpCapture({ user: 'mailer', password: 'smtp-secret-42' });
    try {
      const port = Number(new URL(smtp.url).port);
      const unsaved = {
        'Email.SmtpHost': '127.0.0.1',
        'Email.SmtpPort': port,
        'Email.SmtpSecurity': 'none',
        'Email.SmtpUser': 'mailer',
        'Email.SmtpPassword': 'smtp-secret-42',
        'Email.TestEmailAddress': 'test-inbox@example.com',
      };
      const response = await client.post('admin', paths.testEmail, { Values: unsaved });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ErrorMessage: null, SentTo: 'test-inbox@example.com' });
      const mail = await smtp.waitFor('test-inbox@example.com');
      expect(mail.subject).toContain('Test mail');
      // Sent at once, not through the outbox.
      const outbox = await t.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('to', '=', 'test-inbox@example.com')
        .execute();
      expect(outbox).toHaveLength(0);

      // Saved, with a sender; then a blank password in the body means the stored one.
      expect(
        (await save({ ...unsaved, 'Email.FromAddress': 'Plant <plant@example.com>' })).statusCode,
      ).toBe(200);
      const again = await client.post('admin', paths.testEmail, {
        Values: { 'Email.SmtpPassword': '', 'Email.TestEmailAddress': 'second@example.com' },
      });
      expect(again.json()).toEqual({ ErrorMessage: null, SentTo: 'second@example.com' });
      expect((await smtp.waitFor('second@example.com')).from).toBe('plant@example.com');

      // The application's own mail now leaves over the SMTP server of the settings.
      await t.app.mailer.send({
        to: 'ops@example.com',
        subject: 'Hello',
        html: '<p>Hi</p>',
        text: 'Hi',
      });
      await t.app.mailer.idle();
      expect((await smtp.waitFor('ops@example.com')).subject).toBe('Hello');

      // A wrong password is an answer in words, not a failure.
      const wrong = await client.post('admin', paths.testEmail, {
        Values: { 'Email.SmtpPassword': 'wrong' },
      });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json<{ ErrorMessage: string }>().ErrorMessage).toMatch(/auth|Invalid/i);
      expect(wrong.body).not.toContain('smtp-secret-42');
    } finally {
      await smtp.close();
      await save({ 'Email.SmtpHost': '' });
    }
  });

  it('answers the error in words when the server cannot be reached', async () => {
    const response = await client.post('admin', paths.testEmail, {
      Values: {
        'Email.SmtpHost': '127.0.0.1',
        'Email.SmtpPort': await closedPort(),
        'Email.SmtpSecurity': 'none',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ ErrorMessage: string }>().ErrorMessage).toMatch(/ECONNREFUSED|connect/i);
  });

  it('refuses bad and foreign values, and employee1', async () => {
    const bad = await client.post('admin', paths.testEmail, { Values: { 'Email.SmtpPort': 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().Errors?.[0]?.Field).toBe('Email.SmtpPort');
    const foreign = await client.post('admin', paths.testEmail, {
      Values: { 'Weather.ApiKey': 'x' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<ErrorBody>().Errors?.[0]?.Field).toBe('Weather.ApiKey');
    expect((await client.post('employee1', paths.testEmail, {})).statusCode).toBe(403);
  });

  // Each call connects to the host it is given: unbounded, it would scan ports for its caller.
  it('is limited to 20 calls a minute (429 after that, with nothing sent)', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 22; call += 1) {
      const answer = await client.post('admin', paths.testEmail, {
        Values: { 'Email.SmtpPort': 0 },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = await client.post('admin', paths.testEmail, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().Message).toMatch(/Too many requests/);
  });
});
