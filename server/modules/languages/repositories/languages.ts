import type { Kysely, Transaction } from 'kysely';
import type { LanguageSeed } from '#metadata';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function listLanguages(db: Db) {
  return db
    .selectFrom('languages')
    .select(['id', 'name', 'angularCulture', 'kendoCulture', 'lastUpdated'])
    .orderBy('name')
    .execute();
}

export function findLanguage(db: Db, id: string) {
  return db
    .selectFrom('languages')
    .select(['id', 'name', 'lastUpdated'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertMissingLanguages(db: Db, languages: LanguageSeed[]): Promise<void> {
  await db
    .insertInto('languages')
    .values(
      languages.map((l) => ({
        id: l.Id,
        name: l.Name,
        angularCulture: l.AngularCulture,
        kendoCulture: l.KendoCulture,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Marks every language's translations as changed, so browsers fetch them anew. */
export async function touchAllLanguages(db: Db): Promise<void> {
  await db
    .updateTable('languages')
    .set((eb) => ({ lastUpdated: new Date(), version: eb('version', '+', 1) }))
    .execute();
}

export interface NewLanguage {
  id: string;
  name: string;
  angularCulture: string;
  kendoCulture: string;
}

export async function insertLanguage(db: Db, language: NewLanguage): Promise<boolean> {
  const result = await db
    .insertInto('languages')
    .values(language)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findLanguageForUpdate(db: Db, id: string) {
  return db
    .selectFrom('languages')
    .select(['id', 'name', 'angularCulture', 'kendoCulture', 'version'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteLanguageRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('languages').where('id', '=', id).execute();
}

/** Marks languages' translations as changed, so browsers fetch their files anew. */
export async function touchLanguages(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('languages')
    .set((eb) => ({ lastUpdated: new Date(), version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
}
