import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function getSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? (row.value as T) : fallback;
}

/** Inserts the settings that are missing; never overwrites an administrator's value. */
export async function insertMissingSettings(
  db: Db,
  defaults: Record<string, unknown>,
): Promise<void> {
  const rows = Object.entries(defaults).map(([key, value]) => ({
    key,
    value: JSON.stringify(value),
  }));
  if (rows.length === 0) return;
  await db
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function putSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: new Date() }),
    )
    .execute();
}

/** A stored setting with its version: the update time to the microsecond, as text. */
export interface VersionedSetting {
  key: string;
  value: unknown;
  version: string;
}

const versionOf = sql<string>`(extract(epoch from updated_at) * 1000000)::bigint::text`;

/** The stored rows of these keys (`lock`: locked for update until the transaction ends). */
export async function listVersionedSettings(
  db: Db,
  keys: readonly string[],
  { lock = false }: { lock?: boolean } = {},
): Promise<VersionedSetting[]> {
  if (keys.length === 0) return [];
  const query = db
    .selectFrom('settings')
    .select(['key', 'value', versionOf.as('version')])
    .where('key', 'in', keys)
    .orderBy('key');
  return lock ? query.forUpdate().execute() : query.execute();
}

/** Changes a stored setting, giving it a new version. */
export async function updateSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .updateTable('settings')
    .set({ value: JSON.stringify(value), updatedAt: sql`clock_timestamp()` })
    .where('key', '=', key)
    .execute();
}

/** Stores a setting never stored before; false when another save stored it first. */
export async function insertNewSetting(db: Db, key: string, value: unknown): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
