import type { Kysely } from 'kysely';
import { settingDefaults } from '#metadata';
import type { Database } from '../../../db/schema';
import { cachedSetting } from '../../../services/settings-cache';

export type SyncSourceFormat = 'json' | 'csv';

export interface UnitSyncSettings {
  /** '' when no source is configured. */
  url: string;
  format: SyncSourceFormat;
  timeoutMs: number;
}

const setting = (db: Kysely<Database>, key: string) =>
  cachedSetting<unknown>(db, key, settingDefaults[key]);

/** The external recording system's address and format (settings `Units.Sync*`). */
export async function unitSyncSettings(db: Kysely<Database>): Promise<UnitSyncSettings> {
  const [url, format, timeout] = await Promise.all([
    setting(db, 'Units.SyncSourceUrl'),
    setting(db, 'Units.SyncSourceFormat'),
    setting(db, 'Units.SyncTimeoutSeconds'),
  ]);
  const seconds = typeof timeout === 'number' && timeout >= 0.5 && timeout <= 120 ? timeout : 10;
  return {
    url: typeof url === 'string' ? url.trim() : '',
    format: format === 'csv' ? 'csv' : 'json',
    timeoutMs: Math.round(seconds * 1000),
  };
}
