import type { Kysely, Transaction } from 'kysely';
import { type FieldChange, platformConstants } from '#metadata';
import type { Database } from '../../db/schema';
import { type Actor, recordChange } from '../../engine/change-log';
import { AppError } from '../../errors/app-error';
import { findLanguageForUpdate, touchLanguages } from './repositories/languages';
import { loadDefaultTexts, loadTranslations, writeTranslations } from './repositories/translations';

/** How many changed keys a change-log entry lists; the rest are counted in its note. */
const loggedChangesCap = 200;

export interface TranslationEdit {
  Key: string;
  /** The new text; empty removes the translation. */
  Translation: string;
  /** The text the editor started from (null: untranslated); a different stored text is a 409. */
  OldTranslation?: string | null;
}

export const languageEntityType = 'Language';

/** The language to edit, locked for the transaction; 404 when absent, 400 for `fake`. */
export async function lockedLanguage(trx: Transaction<Database>, code: string) {
  const language = await findLanguageForUpdate(trx, code);
  if (!language) throw new AppError('NotFound', `There is no language '${code}'.`);
  if (code === platformConstants.fakeLanguage) {
    throw new AppError(
      'BadRequest',
      'The fake language is generated from en-gb; translate en-gb.',
      [{ Field: 'language', Message: 'is generated, not translated' }],
    );
  }
  return language;
}

/**
 * Applies edits to one language's translations in one transaction: unknown keys are a 400
 * naming them, a text changed since the editor read it a 409 naming the keys. The language's
 * LastUpdated moves (and the fake language's, when en-gb changed), so browsers fetch the new
 * texts at once. Returns how many translations changed.
 */
export async function applyTranslationEdits(
  db: Kysely<Database>,
  code: string,
  edits: readonly TranslationEdit[],
  actor: Actor,
  note: string | null = null,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockedLanguage(trx, code);
    const defaults = await loadDefaultTexts(trx);
    const unknown = edits.filter((edit) => !(edit.Key in defaults)).map((edit) => edit.Key);
    if (unknown.length > 0) {
      throw new AppError(
        'BadRequest',
        `Unknown translation keys: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ', ...' : ''}.`,
        unknown.slice(0, 20).map((key) => ({ Field: key, Message: 'is not a translation key' })),
      );
    }
    const current = await loadTranslations(trx, code);
    const stale = edits.filter(
      (edit) =>
        edit.OldTranslation !== undefined &&
        (current[edit.Key] ?? null) !== (edit.OldTranslation || null),
    );
    if (stale.length > 0) {
      throw new AppError(
        'Conflict',
        `Someone else changed these translations meanwhile: ${stale
          .map((e) => e.Key)
          .slice(0, 20)
          .join(', ')}.`,
        stale
          .slice(0, 20)
          .map((edit) => ({ Field: edit.Key, Message: 'was changed by someone else' })),
      );
    }
    const changes = new Map<string, string | null>();
    const logged: FieldChange[] = [];
    for (const edit of edits) {
      const next = edit.Translation === '' ? null : edit.Translation;
      const before = current[edit.Key] ?? null;
      if (before === next) continue;
      changes.set(edit.Key, next);
      if (logged.length < loggedChangesCap) {
        logged.push({
          Field: edit.Key,
          OldValue: before,
          NewValue: next,
          ChangeText: `${edit.Key}: ${before ?? '(empty)'} → ${next ?? '(empty)'}`,
        });
      }
    }
    if (changes.size === 0) return 0;
    await writeTranslations(trx, code, changes);
    const touched = [code];
    if (code === platformConstants.defaultLanguage) touched.push(platformConstants.fakeLanguage);
    await touchLanguages(trx, touched);
    const more = changes.size - logged.length;
    await recordChange(trx, {
      entityType: languageEntityType,
      entityId: code,
      actionType: 1,
      actor,
      changes: logged,
      genericLog:
        [note, more > 0 ? `${more} more translations changed.` : null].filter(Boolean).join(' ') ||
        null,
    });
    return changes.size;
  });
}
