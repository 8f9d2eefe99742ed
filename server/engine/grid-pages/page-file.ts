import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { GridColumn } from '#metadata';
import { safeCellText } from '../export/cell-text';
import type { CellValue } from '../export/xlsx-stream';

dayjs.extend(utc);
dayjs.extend(timezone);

type Row = Record<string, unknown>;
type Texts = Readonly<Record<string, string>>;

/** One column of a page's export: its header, and the row's value as a cell and as text. */
export interface PageFileColumn {
  header: string;
  /** In characters. */
  width: number;
  /** Excel's number format of the column's dates and numbers. */
  numFmt?: string;
  value(row: Row): CellValue;
  text(row: Row): string;
}

/** The grid's defaults (platform/ui's format-value): a day, a day and time. */
const defaultFormats: Partial<Record<GridColumn['Type'], string>> = {
  date: 'DD/MM/YYYY',
  datetime: 'DD/MM/YYYY hh:mm A',
};

const excelTokens: Record<string, string> = {
  YYYY: 'yyyy',
  YY: 'yy',
  MMMM: 'mmmm',
  MMM: 'mmm',
  MM: 'mm',
  M: 'm',
  DD: 'dd',
  D: 'd',
  dddd: 'dddd',
  ddd: 'ddd',
  HH: 'hh',
  H: 'h',
  hh: 'hh',
  h: 'h',
  mm: 'mm',
  m: 'm',
  ss: 'ss',
  s: 's',
  A: 'AM/PM',
  a: 'am/pm',
};
const tokenPattern = /YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|m|ss|s|A|a/g;

/** A dayjs pattern (`DD/MM/YYYY hh:mm A`) as Excel's number format (`dd/mm/yyyy hh:mm AM/PM`). */
export function excelDateFormat(pattern: string): string {
  return pattern.replace(tokenPattern, (token) => excelTokens[token] ?? token);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

const numberOf = (value: unknown): number | null => {
  if (isEmpty(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** `0.00` -> 2; `#,##0` -> 0; null (no format) -> as stored. */
const decimalsOf = (format: string | null) =>
  format === null ? null : (format.split('.')[1]?.length ?? 0);

function listText(value: unknown): string {
  if (!Array.isArray(value)) return isEmpty(value) ? '' : String(value);
  return value
    .map((item: unknown) =>
      item !== null && typeof item === 'object' && 'Name' in item
        ? String(item.Name ?? '')
        : typeof item === 'object' && item !== null
          ? JSON.stringify(item)
          : String(item ?? ''),
    )
    .join(', ');
}

/** A calendar day (`YYYY-MM-DD` or a Date) at midnight UTC, as Excel shows that day. */
function dayOf(value: unknown): dayjs.Dayjs | null {
  if (isEmpty(value)) return null;
  const text = value instanceof Date ? value.toISOString() : String(value);
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  return match ? dayjs.utc(match[1]) : null;
}

interface Cells {
  value(value: unknown): CellValue;
  text(value: unknown): string;
  numFmt?: string;
}

function numberCells(column: GridColumn): Cells {
  const decimals = decimalsOf(column.Format);
  const rounded = (value: unknown) => {
    const number = numberOf(value);
    return number === null || decimals === null ? number : Number(number.toFixed(decimals));
  };
  return {
    ...(column.Format ? { numFmt: column.Format } : {}),
    value: rounded,
    // Without grouping: a CSV's numbers are read back as numbers.
    text: (value) => {
      const number = numberOf(value);
      if (number === null) return isEmpty(value) ? '' : safeCellText(String(value));
      return decimals === null ? String(number) : number.toFixed(decimals);
    },
  };
}

function cellsOf(column: GridColumn, texts: Texts, timeZone: string): Cells {
  const pattern = column.Format ?? defaultFormats[column.Type] ?? '';
  switch (column.Type) {
    case 'integer':
    case 'number':
      return numberCells(column);
    case 'date':
      return {
        numFmt: excelDateFormat(pattern),
        value: (value) => dayOf(value)?.toDate() ?? null,
        text: (value) => dayOf(value)?.format(pattern) ?? '',
      };
    case 'datetime': {
      const local = (value: unknown) => {
        if (isEmpty(value)) return null;
        const moment = dayjs(value as string | Date);
        return moment.isValid() ? moment.tz(timeZone) : null;
      };
      return {
        numFmt: excelDateFormat(pattern),
        // Excel has no time zones: the cell holds the wall-clock time in the caller's zone.
        value: (value) => {
          const moment = local(value);
          return moment ? new Date(Date.UTC(...wallClock(moment))) : null;
        },
        text: (value) => local(value)?.format(pattern) ?? '',
      };
    }
    case 'boolean': {
      const word = (value: unknown) => {
        if (isEmpty(value)) return '';
        if (column.Format === 'check') return value ? '✓' : '';
        return value ? (texts['GRID.YES'] ?? 'Yes') : (texts['GRID.NO'] ?? 'No');
      };
      return { value: word, text: word };
    }
    case 'list': {
      const text = (value: unknown) => safeCellText(listText(value));
      return { value: text, text };
    }
    case 'string': {
      const text = (value: unknown) => (isEmpty(value) ? '' : safeCellText(String(value)));
      return { value: (value) => (isEmpty(value) ? null : text(value)), text };
    }
  }
}

function wallClock(moment: dayjs.Dayjs): [number, number, number, number, number, number, number] {
  return [
    moment.year(),
    moment.month(),
    moment.date(),
    moment.hour(),
    moment.minute(),
    moment.second(),
    moment.millisecond(),
  ];
}

const widths: Partial<Record<GridColumn['Type'], number>> = {
  date: 12,
  datetime: 20,
  boolean: 8,
  integer: 10,
  number: 12,
};

/**
 * A page's columns as an export writes them, in the page's order: headers in the caller's
 * language (a translation key's text, a plain title as it is), numbers with the column's
 * decimals, days and moments in its pattern (moments in `timeZone`), yes/no in words (a tick
 * for `check`), lists joined; texts that a spreadsheet would run as formulas neutralised.
 */
export function pageFileColumns(
  columns: readonly GridColumn[],
  texts: Texts,
  timeZone: string,
): PageFileColumn[] {
  return [...columns]
    .sort((a, b) => a.Order - b.Order)
    .map((column) => {
      const cells = cellsOf(column, texts, timeZone);
      const field = column.Field;
      const header = texts[column.Title] ?? column.Title;
      return {
        header: safeCellText(header),
        width: Math.max(widths[column.Type] ?? 24, Math.min(header.length + 2, 40)),
        ...(cells.numFmt ? { numFmt: cells.numFmt } : {}),
        value: (row) => cells.value(row[field]),
        text: (row) => cells.text(row[field]),
      };
    });
}
