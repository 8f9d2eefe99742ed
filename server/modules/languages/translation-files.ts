import type { Kysely } from 'kysely';
import { platformConstants } from '#metadata';
import { pseudoLocalize } from '#platform/core';
import type { Database } from '../../db/schema';
import { getSetting } from '../settings/index';
import { loadDefaultTexts, loadTranslations } from './repositories/translations';

const { defaultLanguage, fallbackLanguage, fakeLanguage } = platformConstants;

/**
 * The flat key -> text file the browser loads for one language: the default texts overlaid
 * with that language's translations. `default` is the default texts alone; `fake` is en-gb
 * pseudo-localised (longer and compound fakes by setting).
 */
export async function buildTranslationFile(
  db: Kysely<Database>,
  language: string,
): Promise<Record<string, string>> {
  const defaults = await loadDefaultTexts(db);
  if (language === fallbackLanguage) return defaults;
  if (language === fakeLanguage) {
    const english = { ...defaults, ...(await loadTranslations(db, defaultLanguage)) };
    const options = {
      longer: await getSetting(db, 'Localization.GenerateLongerFakes', false),
      compound: await getSetting(db, 'Localization.GenerateCompoundFakes', false),
    };
    return Object.fromEntries(
      Object.entries(english).map(([key, text]) => [key, pseudoLocalize(text, options)]),
    );
  }
  return { ...defaults, ...(await loadTranslations(db, language)) };
}
