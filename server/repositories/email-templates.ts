import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

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
