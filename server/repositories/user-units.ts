import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Every unit by name, for the units checkbox list of a user. */
export function listUnitNames(db: Db) {
  return db.selectFrom('units').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function findExistingUnitIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('units').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** The units of each given user: `{ userId, id, name }`. */
export function listUnitsOfUsers(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('userUnits')
    .innerJoin('units', 'units.id', 'userUnits.unitId')
    .select(['userUnits.userId', 'units.id', 'units.name'])
    .where('userUnits.userId', 'in', userIds)
    .orderBy('units.name')
    .orderBy('units.id')
    .execute();
}

export async function replaceUserUnits(db: Db, userId: number, unitIds: readonly number[]) {
  await db.deleteFrom('userUnits').where('userId', '=', userId).execute();
  if (unitIds.length === 0) return;
  await db
    .insertInto('userUnits')
    .values(unitIds.map((unitId) => ({ userId, unitId })))
    .execute();
}
