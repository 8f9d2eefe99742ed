import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { settingValue } from '../../settings/index';

export type SyncSourceFormat = 'json' | 'csv';

export interface UnitSyncSettings {
  /** '' when no source is configured. */
  url: string;
  format: SyncSourceFormat;
  timeoutMs: number;
}

/** The external recording system's address and format (settings `Units.Sync*`). */
export async function unitSyncSettings(db: Kysely<Database>): Promise<UnitSyncSettings> {
  const [url, format, seconds] = await Promise.all([
    settingValue<string>(db, 'Units.SyncSourceUrl'),
    settingValue<SyncSourceFormat>(db, 'Units.SyncSourceFormat'),
    settingValue<number>(db, 'Units.SyncTimeoutSeconds'),
  ]);
  return { url: url.trim(), format, timeoutMs: Math.round(seconds * 1000) };
}
