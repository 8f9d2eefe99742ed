import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSetting, settingValue } from '../../server/modules/settings/index';
import { putSetting } from '../../server/modules/settings/settings-repository';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import { securitySettings } from '../../server/modules/sign-in/security-settings';
import { weatherSettings } from '../../server/modules/weather/weather-settings';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The code reads a setting as its section states it: a stored value the section's schema
 * refuses (written around the settings calls, or left by an older release) gives way to the
 * section's default, never to a second default kept in the code.
 */
let database: TestDatabase;

const store = async (key: string, value: unknown) => {
  await putSetting(database.db, key, value);
  forgetSettings(database.db);
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('settingValue', () => {
  it('answers a stored value that fits its schema', async () => {
    await store('Weather.RefreshMinutes', 15);
    expect(await settingValue<number>(database.db, 'Weather.RefreshMinutes')).toBe(15);
    expect((await weatherSettings(database.db)).refreshMinutes).toBe(15);
  });

  it('answers the section’s default for a value out of range, of the wrong type or unset', async () => {
    const refresh = findSetting('Weather.RefreshMinutes')!.default;
    await store('Weather.RefreshMinutes', -5);
    expect((await weatherSettings(database.db)).refreshMinutes).toBe(refresh);
    await store('Security.LockoutMinutes', 'fifteen');
    expect((await securitySettings(database.db)).lockoutMinutes).toBe(
      findSetting('Security.LockoutMinutes')!.default,
    );
    await store('Units.SyncSourceFormat', 'xml');
    expect(await settingValue(database.db, 'Units.SyncSourceFormat')).toBe('json');
    await database.db.deleteFrom('settings').where('key', '=', 'Weather.Retries').execute();
    forgetSettings(database.db);
    expect((await weatherSettings(database.db)).retries).toBe(
      findSetting('Weather.Retries')!.default,
    );
  });

  it('refuses a key no section states', async () => {
    await expect(settingValue(database.db, 'Weather.NoSuchSetting')).rejects.toThrow(
      'No settings section states "Weather.NoSuchSetting"',
    );
  });
});
