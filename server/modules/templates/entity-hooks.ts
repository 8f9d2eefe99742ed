import { templateSchema } from '#metadata';
import { AppError, type FieldError } from '../../errors/app-error';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks';
import { sanitizeMailHtml } from '../../mail/sanitize-mail-html';
import { languageExists, listTemplatesOfCode } from './email-templates-repository';

type Row = Record<string, unknown>;

function refuse(field: string, message: string): never {
  const errors: FieldError[] = [{ Field: field, Message: message }];
  throw new AppError('BadRequest', `${field}: ${message}`, errors);
}

/**
 * The longest body sanitised on save: a longer one is refused by the schema's check, which runs
 * after prepareValues; sanitize-html is quadratic on nested tags, so a 1 MB body (the generic row
 * route's limit) must not reach it (twenty seconds of a blocked event loop).
 */
const maxBodyLength = templateSchema.properties.Body.maxLength;

const listOf = (parameters: unknown): Row[] => (Array.isArray(parameters) ? parameters : []);
const titlesOf = (parameters: unknown) => listOf(parameters).map((p) => String(p.Title));

/** The same parameters in the same order (as stored in jsonb, their keys may come reordered). */
const sameList = (a: unknown, b: unknown) => {
  const flat = (list: unknown) => JSON.stringify(listOf(list).map((p) => [p.Title, p.Notes ?? '']));
  return flat(a) === flat(b);
};

/** A saved template stays in its language: another language is a translation, a row of its own. */
function refuseChangesOfKept(existing: Row, values: Row) {
  if (values.Language !== existing.Language) {
    refuse('Language', 'cannot be changed; open the template in another language to translate it');
  }
  if (existing.IsSystem !== true) return;
  if (values.Code !== existing.Code) {
    refuse('Code', `'${String(existing.Code)}' is a system template: its code cannot be changed`);
  }
  if (!sameList(values.Parameters, existing.Parameters)) {
    refuse('Parameters', 'of a system template cannot be changed');
  }
}

/**
 * One template per code and language (codes compared ignoring case, and spelt as the first of
 * the code); a new row of a system template's code is its translation, a system template too,
 * with the system template's parameters.
 */
async function checkCodeAndLanguage({ trx, existing, values, computed }: WriteContext) {
  const code = String(values.Code);
  const language = String(values.Language);
  if (!existing && !(await languageExists(trx, language))) {
    refuse('Language', 'is not a language of this installation');
  }
  const ofCode = (await listTemplatesOfCode(trx, code)).filter((row) => row.id !== existing?.Id);
  const spelt = ofCode[0]?.code;
  if (spelt !== undefined && spelt !== code) {
    refuse('Code', `must be spelt as the template's other languages spell it: ${spelt}`);
  }
  if (ofCode.some((row) => row.languageId === language)) {
    refuse('Code', `There is already a template with this code in ${language}.`);
  }
  const system = ofCode.find((row) => row.isSystem);
  // A template of the administrators' own never becomes a system template's translation by a
  // change of code: it would be that mail in its language, yet deletable, with its own parameters.
  if (existing && existing.IsSystem !== true && system && existing.Code !== code) {
    refuse('Code', `${system.code} is a system template: open it in ${language} to translate it`);
  }
  if (!existing && system) {
    computed.IsSystem = true;
    values.Parameters = system.parameters;
  }
}

/**
 * E-mail templates: the body is sanitised HTML (also when a mail is rendered), the subject one
 * line of plain text; the application's own templates keep their code and parameters and are
 * never deleted. Applied on every path (SaveTemplate and the generic row calls).
 */
export const templateHooks: EntityHooks = {
  prepareValues(values) {
    for (const field of ['Code', 'Title', 'Language'] as const) {
      if (typeof values[field] === 'string') values[field] = values[field].trim();
    }
    if (typeof values.Subject === 'string') {
      values.Subject = values.Subject.replace(/[\r\n]+/g, ' ').trim();
    }
    if (typeof values.Body === 'string' && values.Body.length <= maxBodyLength) {
      values.Body = sanitizeMailHtml(values.Body).trim();
    }
  },
  async beforeWrite(context) {
    const { existing, values } = context;
    if (existing) refuseChangesOfKept(existing, values);
    const titles = titlesOf(values.Parameters);
    const twice = titles.find((title, index) => titles.indexOf(title) !== index);
    if (twice) refuse('Parameters', `name ${twice} twice`);
    await checkCodeAndLanguage(context);
  },
  async beforeDelete({ existing }) {
    if (existing.IsSystem === true) {
      throw new AppError(
        'Conflict',
        `'${String(existing.Code)}' is a system template and cannot be deleted.`,
      );
    }
  },
};
