import { writeToString } from '@fast-csv/format';
import { parse } from 'csv-parse/sync';
import { maxTranslationLength, maxTranslationRows } from '#metadata';
import { AppError } from '../../errors/app-error';

/** One row of a language's translations file. */
export interface TranslationRow {
  Key: string;
  DefaultText: string;
  Translation: string;
}

/** The message of a file that is not a translations CSV: a translation key the browser shows. */
export const wrongFormat = 'PAGES.LANGUAGES.IMPORT.WRONG_FORMAT';

const formulaStart = /^[=+\-@\t\r]/;
/** A text a spreadsheet would run, after any apostrophes (as exported, one is added). */
const formulaAfterApostrophes = /^'*[=+\-@\t\r]/;
const escapedFormula = /^'+[=+\-@\t\r]/;

/** The text as the file holds it: one apostrophe before what a spreadsheet would run. */
export function neutralised(text: string): string {
  return formulaAfterApostrophes.test(text) ? `'${text}` : text;
}

/** UTF-8 with a byte order mark (so spreadsheets read it as UTF-8), CRLF rows, quoted as needed. */
export async function translationsCsv(rows: readonly TranslationRow[]): Promise<Buffer> {
  const text = await writeToString(
    rows.map((row) => ({
      Key: neutralised(row.Key),
      DefaultText: neutralised(row.DefaultText),
      Translation: neutralised(row.Translation),
    })),
    {
      headers: ['Key', 'DefaultText', 'Translation'],
      rowDelimiter: '\r\n',
      includeEndRowDelimiter: true,
    },
  );
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

function refuse(reason: string, fieldErrors: { Field: string; Message: string }[] = []): never {
  throw new AppError('BadRequest', wrongFormat, [
    { Field: 'file', Message: reason },
    ...fieldErrors,
  ]);
}

/** A cell as imported: the export's apostrophe dropped; a formula refused, naming where. */
function importedCell(cell: string, row: number, column: string): string {
  if (escapedFormula.test(cell)) return cell.slice(1);
  if (formulaStart.test(cell)) {
    throw new AppError(
      'BadRequest',
      `Row ${row}, column ${column} starts like a spreadsheet formula.`,
      [{ Field: `${column}[${row}]`, Message: 'starts like a spreadsheet formula' }],
      { flags: { Formula: true } },
    );
  }
  return cell;
}

/**
 * The Key and Translation of each row of an uploaded translations file. Refused (a 400 whose
 * Message is `wrongFormat`) unless it is named .csv and is UTF-8 text with a Key and a
 * Translation column; a cell a spreadsheet would run as a formula is refused by row and column.
 */
export function readTranslationsCsv(
  fileName: string,
  data: Buffer,
): { Key: string; Translation: string; row: number }[] {
  if (!/\.csv$/i.test(fileName)) refuse('is not a .csv file');
  if (data.subarray(0, 2).toString('latin1') === 'PK') refuse('is a zip archive (e.g. .xlsx)');
  if (data.includes(0)) refuse('is not text');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    refuse('is not UTF-8 text');
  }
  let records: string[][];
  try {
    records = parse(text, { skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch {
    refuse('is not a readable CSV file');
  }
  const header = (records[0] ?? []).map((name) => name.trim());
  const keyAt = header.indexOf('Key');
  const translationAt = header.indexOf('Translation');
  if (keyAt < 0 || translationAt < 0) refuse('has no Key and Translation header');
  if (records.length - 1 > maxTranslationRows) {
    refuse(`has more than ${maxTranslationRows} rows`);
  }
  const seen = new Set<string>();
  return records.slice(1).map((record, index) => {
    const row = index + 2;
    const key = importedCell(record[keyAt] ?? '', row, 'Key').trim();
    const translation = importedCell(record[translationAt] ?? '', row, 'Translation');
    if (!key) {
      throw new AppError('BadRequest', `Row ${row} has no key.`, [
        { Field: `Key[${row}]`, Message: 'is required' },
      ]);
    }
    if (seen.has(key)) {
      throw new AppError('BadRequest', `Row ${row} repeats the key '${key}'.`, [
        { Field: `Key[${row}]`, Message: 'is repeated' },
      ]);
    }
    if (translation.length > maxTranslationLength) {
      throw new AppError(
        'BadRequest',
        `Row ${row}: the translation is longer than ${maxTranslationLength} characters.`,
        [
          {
            Field: `Translation[${row}]`,
            Message: `is longer than ${maxTranslationLength} characters`,
          },
        ],
      );
    }
    seen.add(key);
    return { Key: key, Translation: translation, row };
  });
}
