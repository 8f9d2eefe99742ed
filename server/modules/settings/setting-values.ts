import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { cachedSetting } from './settings-cache';
import { settingValueError } from './setting-validation';
import { findSetting } from './setting-registry';

/**
 * A setting's value as the code uses it: read at most every 15 s (see cachedSetting), checked
 * against the schema its section states (ranges, choices, shapes), and the section's default
 * when it is unset or does not fit. Defaults and ranges are stated once, in the section.
 *
 * @example const minutes = await settingValue<number>(db, 'Weather.RefreshMinutes');
 */
export async function settingValue<T>(
  db: Kysely<Database> | Transaction<Database>,
  key: string,
): Promise<T> {
  const setting = findSetting(key);
  if (!setting) throw new Error(`No settings section states "${key}".`);
  const value = await cachedSetting<unknown>(db, key, setting.default);
  if (value === null || value === undefined) return setting.default as T;
  return (settingValueError(key, value) === null ? value : setting.default) as T;
}
