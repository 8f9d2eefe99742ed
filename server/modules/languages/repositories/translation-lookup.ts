import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** One key's text in a language, else its default text, else the key itself. */
export async function findText(db: Db, languageId: string | null, key: string): Promise<string> {
  const translated = languageId
    ? await db
        .selectFrom('translations')
        .select('text')
        .where('languageId', '=', languageId)
        .where('key', '=', key)
        .executeTakeFirst()
    : undefined;
  if (translated?.text) return translated.text;
  const fallback = await db
    .selectFrom('translationKeys')
    .select('defaultText')
    .where('key', '=', key)
    .executeTakeFirst();
  return fallback?.defaultText ?? key;
}
