import { type ColumnType, columnTypes, type GridColumn } from '#metadata';
import { formatValue } from '../../schema-grid/format-value';
import type { Translate } from '../data-source/control-labels';

/**
 * The formats the grid understands, per column type (`schema-grid/format-value.ts`): dayjs
 * patterns for days and moments, decimals (and grouping with a comma) for numbers, words or a
 * check mark for booleans. Text and list columns have none.
 */
export const columnFormats: Readonly<Record<ColumnType, readonly string[]>> = {
  date: ['DD/MM/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD', 'D MMM YYYY', 'MM/DD/YYYY'],
  datetime: [
    'DD/MM/YYYY hh:mm A',
    'DD/MM/YYYY HH:mm',
    'DD.MM.YYYY HH:mm',
    'YYYY-MM-DD HH:mm',
    'D MMM YYYY HH:mm',
  ],
  number: ['0', '0.0', '0.00', '0.000', '#,##0', '#,##0.00'],
  integer: ['0', '#,##0'],
  boolean: ['yesno', 'check'],
  string: [],
  list: [],
};

/** The words a boolean format is shown by. */
const booleanFormatLabels: Readonly<Record<string, string>> = {
  yesno: 'GRID_DESIGNER.FORMAT.yesno',
  check: 'GRID_DESIGNER.FORMAT.check',
};

/** Whether a format suits a type (null, the type's default, always does). */
export const formatFits = (type: ColumnType, format: string | null) =>
  format === null || columnFormats[type].includes(format);

const samples: Partial<Record<ColumnType, unknown>> = {
  date: '2024-05-31',
  datetime: new Date(2024, 4, 31, 14, 30),
  number: 1234.5678,
  integer: 1234,
};

export interface FormatChoice {
  value: string;
  label: string;
}

/**
 * The choices of a column's Format, each shown by what a sample value looks like in it
 * (`31/05/2024 (DD/MM/YYYY)`); '' is the type's default. A format the list does not hold (set
 * elsewhere) is offered too, as itself. Booleans have no default of their own: Yes / No is it.
 */
export function formatChoices(
  type: ColumnType,
  current: string | null,
  t: Translate,
  language: string,
): FormatChoice[] {
  const formats = columnFormats[type];
  const own = current !== null && !formats.includes(current) ? [current] : [];
  if (type === 'boolean') {
    return [...formats, ...own].map((format) => {
      const label = booleanFormatLabels[format];
      return { value: format, label: label ? t(label) : format };
    });
  }
  const sample = samples[type];
  const example = (format: string | null) =>
    formatValue({ Type: type, Format: format } as GridColumn, sample, language);
  return [
    { value: '', label: t('GRID_DESIGNER.FORMAT.DEFAULT', { example: example(null) }) },
    ...[...formats, ...own].map((format) => ({
      value: format,
      label: t('GRID_DESIGNER.FORMAT.PATTERN', { example: example(format), pattern: format }),
    })),
  ];
}

/** Whether a column of the type has a Format to choose. */
export const hasFormats = (type: ColumnType) => columnFormats[type].length > 0;

/**
 * The types a column of a field may take, as the server accepts them: the field's own, and
 * `number` for an integer; a release's column keeps the type it has. Unknown field: any type.
 */
export function typesFor(fieldType: string | null | undefined, current: ColumnType) {
  if (fieldType === undefined) return [...columnTypes];
  const own =
    fieldType === null ? [] : fieldType === 'integer' ? ['integer', 'number'] : [fieldType];
  return columnTypes.filter((type) => type === current || own.includes(type));
}
