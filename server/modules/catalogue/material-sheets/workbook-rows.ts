import type { CellValue, Worksheet } from 'exceljs';
import { materialUploadWrongFormat, type RowProblem } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { flagFields, materialColumns, numberFields } from './material-columns';

/** The most materials one upload takes. */
export const maxUploadRows = 5000;

type Row = Record<string, unknown>;

/** A row of the sheet as a material's payload (blank cells left out), with its row number. */
export interface SheetRow {
  row: number;
  values: Row;
}

const fields = new Map(materialColumns.map(({ field }) => [field.toLowerCase(), field]));
/** A text the download marked `'` so that it is never read as a formula: unmarked again. */
const markedFormula = /^'[=+\-@\t\r]/;

/**
 * LibreOffice Calc stores a typed TRUE or FALSE as the formula `TRUE()` / `FALSE()` with its
 * boolean result: a constant, not a calculation, so in a flag column it is read as that value.
 */
const booleanConstant = /^\s*(TRUE|FALSE)(\(\))?\s*$/i;

class CellProblem extends Error {}

function plain(value: CellValue, flag = false): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if (flag && 'formula' in value && typeof value.formula === 'string') {
    const constant = booleanConstant.exec(value.formula);
    if (constant) return constant[1]!.toUpperCase() === 'TRUE';
  }
  if ('formula' in value || 'sharedFormula' in value) {
    throw new CellProblem('is a formula; type the value itself');
  }
  if ('error' in value) throw new CellProblem('holds a spreadsheet error');
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value) return typeof value.text === 'string' ? value.text : null;
  throw new CellProblem('is not a value');
}

function fieldValue(field: string, value: unknown): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) {
    if (numberFields.has(field)) return null;
    return flagFields.has(field) || field === 'MixType' ? undefined : '';
  }
  if (flagFields.has(field)) {
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (['true', '1', 'yes'].includes(word)) return true;
    if (['false', '0', 'no'].includes(word)) return false;
    throw new CellProblem('is not TRUE or FALSE');
  }
  if (numberFields.has(field)) {
    const number = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isFinite(number) || value instanceof Date) throw new CellProblem('is not a number');
    return number;
  }
  if (value instanceof Date) throw new CellProblem('is a date, not a text');
  const text = String(value);
  return markedFormula.test(text) ? text.slice(1) : text;
}

async function firstSheet(bytes: Uint8Array): Promise<Worksheet> {
  // Loaded at the first upload, not at start-up: exceljs is large and uploads are rare.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('BadRequest', materialUploadWrongFormat);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('BadRequest', 'The workbook has no sheet.');
  return sheet;
}

/** The header row's columns by position; unknown or missing headers are problems of row 1. */
function headerColumns(sheet: Worksheet, problems: RowProblem[]): Map<number, string> {
  const columns = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, column) => {
    const text = String(plainOrNull(cell.value) ?? '').trim();
    if (text === '') return;
    const field = fields.get(text.toLowerCase());
    if (!field)
      problems.push({ Row: 1, Field: text.slice(0, 50), Message: 'is not a field of a material' });
    else if ([...columns.values()].includes(field)) {
      problems.push({ Row: 1, Field: field, Message: 'is a repeated column' });
    } else columns.set(column, field);
  });
  for (const field of ['Code', 'Name']) {
    if (![...columns.values()].includes(field)) {
      problems.push({ Row: 1, Field: field, Message: 'is a missing column' });
    }
  }
  return columns;
}

function plainOrNull(value: CellValue): unknown {
  try {
    return plain(value);
  } catch {
    return null;
  }
}

/**
 * The materials of an uploaded workbook's first sheet: a header row naming material fields
 * (any order and case), then a material a row; blank rows are skipped. Cells are read as
 * values (a formula is refused, not evaluated). Problems are collected, not thrown.
 */
export async function readMaterialRows(
  bytes: Uint8Array,
): Promise<{ rows: SheetRow[]; problems: RowProblem[] }> {
  const sheet = await firstSheet(bytes);
  if (sheet.actualRowCount > maxUploadRows + 1) {
    throw new AppError(
      'BadRequest',
      `The workbook holds more than ${maxUploadRows} materials, the most one upload takes.`,
    );
  }
  const problems: RowProblem[] = [];
  const columns = headerColumns(sheet, problems);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: Row = {};
    let filled = false;
    for (const [column, field] of columns) {
      try {
        const cell = row.getCell(column).value;
        const value = fieldValue(field, plain(cell, flagFields.has(field)));
        if (value !== undefined && value !== null && value !== '') filled = true;
        if (value !== undefined) values[field] = value;
      } catch (error) {
        if (!(error instanceof CellProblem)) throw error;
        filled = true;
        problems.push({ Row: number, Field: field, Message: error.message });
      }
    }
    if (filled) rows.push({ row: number, values });
  });
  return { rows, problems };
}
