import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

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
