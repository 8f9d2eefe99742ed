import {
  settingsPaths,
  type SettingsLoadResult,
  type SettingsSaveRequest,
  type TestEmailSettingsResult,
} from '#metadata';
import { http } from '#platform/ui';

/** The stored settings as the screen holds them: values, versions, and which secrets are set. */
export interface StoredSettings {
  values: Record<string, unknown>;
  versions: Record<string, string | null>;
  secretsSet: Record<string, boolean>;
}

export function storedSettingsOf(result: SettingsLoadResult): StoredSettings {
  const stored: StoredSettings = { values: {}, versions: {}, secretsSet: {} };
  for (const setting of result.Sections.flatMap((section) => section.Settings)) {
    stored.versions[setting.Key] = setting.Version ?? null;
    if (setting.IsSet !== undefined) stored.secretsSet[setting.Key] = setting.IsSet;
    else stored.values[setting.Key] = setting.Value;
  }
  return stored;
}

/** `api/settings/*`: errors come back to the screen, which shows them on its fields. */
export const settingsApi = {
  load: async () =>
    storedSettingsOf(
      await http.post<SettingsLoadResult>(settingsPaths.load, { errorHandling: 'none' }),
    ),
  save: async (request: SettingsSaveRequest) =>
    storedSettingsOf(
      await http.post<SettingsLoadResult>(settingsPaths.save, {
        body: request,
        errorHandling: 'none',
      }),
    ),
  testEmail: (values: Record<string, unknown>) =>
    http.post<TestEmailSettingsResult>(settingsPaths.testEmail, {
      body: { Values: values },
      errorHandling: 'none',
    }),
};
