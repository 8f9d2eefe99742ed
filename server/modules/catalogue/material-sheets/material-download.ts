import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { EntityAccess } from '../../../engine/entity-access';
import { streamEntity } from '../../../engine/entity-stream';
import { safeCellText } from '../../../engine/export/cell-text';
import { flagFields, materialColumns, mixTypes } from './material-columns';

type Row = Record<string, unknown>;

/** Rows below the materials that still offer the lists of allowed values (for new ones). */
const spareRows = 100;

const listOf = (field: string) =>
  flagFields.has(field) ? '"TRUE,FALSE"' : field === 'MixType' ? `"${mixTypes.join(',')}"` : null;

const cellOf = (value: unknown) =>
  typeof value === 'string' ? safeCellText(value) : (value ?? null);

/**
 * The materials workbook (every field as a column, one material a row, active ones only
 * unless `includeInactive`), with lists of the allowed values on the flag and mix columns.
 * Materials are a catalogue of a few hundred rows: the workbook is built in memory.
 */
export async function materialWorkbook(
  db: Kysely<Database>,
  access: EntityAccess,
  includeInactive: boolean,
): Promise<Buffer> {
  // Loaded at the first download, not at start-up: exceljs is large and downloads are rare.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Materials', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = materialColumns.map(({ field, width }) => ({ header: field, key: field, width }));
  sheet.getRow(1).font = { bold: true };
  const rows = streamEntity<Row>(db, access, {
    orderBy: 'Code',
    ...(includeInactive ? {} : { filter: 'Active eq true' }),
  });
  for await (const row of rows) {
    sheet.addRow(materialColumns.map(({ field }) => cellOf(row[field])));
  }
  const lastRow = sheet.rowCount + spareRows;
  materialColumns.forEach(({ field }, index) => {
    const list = listOf(field);
    if (!list) return;
    for (let row = 2; row <= lastRow; row++) {
      sheet.getCell(row, index + 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [list],
        showErrorMessage: true,
      };
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
