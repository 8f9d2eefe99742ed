import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Key -> text as an object without a prototype, so that `key in texts` and `texts[key]` see
 * the stored keys only (never `constructor`, `toString` or `__proto__` of Object).
 */
function textsByKey(rows: readonly { key: string; text: string }[]): Record<string, string> {
  const texts = Object.create(null) as Record<string, string>;
  for (const row of rows) texts[row.key] = row.text;
  return texts;
}

/** Key -> default text of every translation key. */
export async function loadDefaultTexts(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('translationKeys')
    .select(['key', 'defaultText as text'])
    .execute();
  return textsByKey(rows);
}

/** Key -> text of the keys translated into one language. */
export async function loadTranslations(
  db: Db,
  languageId: string,
): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('translations')
    .select(['key', 'text'])
    .where('languageId', '=', languageId)
    .execute();
  return textsByKey(rows);
}

/**
 * Makes the stored default texts equal to the release's: new keys are added and changed
 * defaults updated. Returns how many keys were added or changed. Keys no longer in the
 * release are kept, because administrators' translations may still refer to them.
 */
export async function upsertDefaultTexts(db: Db, texts: Record<string, string>): Promise<number> {
  const current = await loadDefaultTexts(db);
  const changed = Object.entries(texts).filter(([key, text]) => current[key] !== text);
  if (changed.length === 0) return 0;
  await db
    .insertInto('translationKeys')
    .values(changed.map(([key, defaultText]) => ({ key, defaultText })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ defaultText: eb.ref('excluded.defaultText') })),
    )
    .execute();
  return changed.length;
}

/** Sets (non-empty text) or removes (null) translations of one language. */
export async function writeTranslations(
  db: Db,
  languageId: string,
  texts: ReadonlyMap<string, string | null>,
): Promise<void> {
  const removed = [...texts].filter(([, text]) => text === null).map(([key]) => key);
  const set = [...texts].flatMap(([key, text]) => (text === null ? [] : [{ key, text }]));
  for (let i = 0; i < removed.length; i += 1000) {
    await db
      .deleteFrom('translations')
      .where('languageId', '=', languageId)
      .where('key', 'in', removed.slice(i, i + 1000))
      .execute();
  }
  for (let i = 0; i < set.length; i += 1000) {
    await db
      .insertInto('translations')
      .values(set.slice(i, i + 1000).map((row) => ({ languageId, ...row })))
      .onConflict((oc) =>
        oc.columns(['languageId', 'key']).doUpdateSet((eb) => ({ text: eb.ref('excluded.text') })),
      )
      .execute();
  }
}
