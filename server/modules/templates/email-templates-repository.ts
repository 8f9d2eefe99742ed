import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface EmailTemplateSeed {
  code: string;
  languageId: string;
  title: string;
  subject: string;
  body: string;
  parameters: Array<{ Title: string; Notes: string }>;
}

/** Adds the system templates that are missing; an administrator's edits are kept. */
export async function insertMissingEmailTemplates(db: Db, templates: readonly EmailTemplateSeed[]) {
  if (templates.length === 0) return;
  await db
    .insertInto('emailTemplates')
    .values(
      templates.map(({ parameters, ...template }) => ({
        ...template,
        isSystem: true,
        parameters: JSON.stringify(parameters),
      })),
    )
    .onConflict((oc) => oc.columns(['code', 'languageId']).doNothing())
    .execute();
}

/** The template with this code in the first of the languages that has one. */
export async function findEmailTemplate(db: Db, code: string, languages: readonly string[]) {
  if (languages.length === 0) return undefined;
  const rows = await db
    .selectFrom('emailTemplates')
    .select(['languageId', 'subject', 'body'])
    .where('code', '=', code)
    .where('languageId', 'in', languages)
    .execute();
  for (const language of languages) {
    const row = rows.find((candidate) => candidate.languageId === language);
    if (row) return row;
  }
  return undefined;
}

/**
 * The templates of this code, in any language, spelt in any case: what a save checks a new
 * code or translation against.
 */
export async function listTemplatesOfCode(db: Db, code: string) {
  return db
    .selectFrom('emailTemplates')
    .select(['id', 'code', 'languageId', 'isSystem', 'parameters'])
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .orderBy('id')
    .execute();
}

/** The id of the template with the same code as template `id`, in `language`; or undefined. */
export async function findTranslationId(db: Db, id: number, language: string) {
  const row = await db
    .selectFrom('emailTemplates as sibling')
    .innerJoin('emailTemplates as template', 'template.code', 'sibling.code')
    .select('sibling.id')
    .where('template.id', '=', id)
    .where('sibling.languageId', '=', language)
    .executeTakeFirst();
  return row?.id;
}

/** The e-mail address and language of the signed-in user (where a test mail goes). */
export async function findMailRecipient(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'languageId'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The languages of the accounts holding these addresses (ignoring case), by lower-case address. */
export async function languagesOfAddresses(db: Db, addresses: readonly string[]) {
  if (addresses.length === 0) return new Map<string, string | null>();
  const rows = await db
    .selectFrom('users')
    .select(['email', 'languageId'])
    .where(
      sql<string>`lower(email)`,
      'in',
      addresses.map((address) => address.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((row) => [(row.email ?? '').toLowerCase(), row.languageId]));
}

/** Whether a language of this id exists. */
export async function languageExists(db: Db, id: string) {
  const row = await db.selectFrom('languages').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Whether a stored mail went, failed (with the reason) or still waits. */
export async function findOutboxOutcome(db: Db, id: number) {
  return db
    .selectFrom('outbox')
    .select(['sentAt', 'error', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirst();
}
