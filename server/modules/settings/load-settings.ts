import type { Kysely, Transaction } from 'kysely';
import type { SettingsLoadResult } from '#metadata';
import { settingDefinitions, settingSections } from './setting-registry';
import type { Database } from '../../db/schema';
import { listVersionedSettings } from './settings-repository';

/** A stored secret counts as set when it is a non-empty text. */
export const isSetSecret = (value: unknown) => typeof value === 'string' && value !== '';

/**
 * Every setting of the registry by section, with its version; a setting never stored has its
 * default and version null. Secrets answer only whether they are set, never their value.
 */
export async function loadSettings(
  db: Kysely<Database> | Transaction<Database>,
): Promise<SettingsLoadResult> {
  const rows = await listVersionedSettings(
    db,
    settingDefinitions().map((setting) => setting.key),
  );
  const stored = new Map(rows.map((row) => [row.key, row]));
  return {
    Sections: settingSections().map((section) => ({
      Id: section.id,
      Settings: section.settings.map((setting) => {
        const row = stored.get(setting.key);
        const value = row ? row.value : setting.default;
        const Version = row?.version ?? null;
        return setting.secret
          ? { Key: setting.key, IsSet: isSetSecret(value), Version }
          : { Key: setting.key, Value: value, Version };
      }),
    })),
  };
}
