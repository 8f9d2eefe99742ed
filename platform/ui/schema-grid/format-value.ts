import dayjs from 'dayjs';
import type { GridColumn } from '#metadata';
import { dateFormat } from '../i18n/date-format';

/** Spec defaults: dd/MM/yyyy and dd/MM/yyyy hh:mm tt. */
export const defaultDateFormat = 'DD/MM/YYYY';
export const defaultDateTimeFormat = 'DD/MM/YYYY hh:mm A';
export const listSeparator = ', ';
/**
 * Longer cell texts are cut to this many characters and an ellipsis; shorter ones are cut
 * by the column's width (CSS), with the whole text as the cell's title.
 */
export const maxCellText = 200;

/** A text cut to `maxCellText` characters plus `…`, and whether it was cut. */
export function truncate(text: string): { text: string; truncated: boolean } {
  if (text.length <= maxCellText) return { text, truncated: false };
  return { text: `${text.slice(0, maxCellText)}…`, truncated: true };
}

/** Items of a list column (`{ Name }` objects or plain strings) joined by the list separator. */
export function joinList(value: unknown): string {
  if (!Array.isArray(value)) return value == null ? '' : String(value);
  return value
    .map((item: unknown) =>
      item !== null && typeof item === 'object' && 'Name' in item
        ? String((item as { Name: unknown }).Name ?? '')
        : String(item ?? ''),
    )
    .join(listSeparator);
}

/** The language as an Intl locale; pseudo languages such as 'fake' are not locales. */
export function intlLocale(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? 'en-GB';
  } catch {
    return 'en-GB';
  }
}

function numberFormatter(format: string | null, language: string): Intl.NumberFormat {
  const decimals = format?.split('.')[1]?.length ?? 0;
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: decimals,
    maximumFractionDigits: format === null ? 20 : decimals,
    useGrouping: format?.includes(',') ?? false,
  };
  return new Intl.NumberFormat(intlLocale(language), options);
}

/**
 * The text of a cell value for its column: numbers with the Format's decimals (`0.0`, and
 * grouping when it has a comma, `#,##0.00`), days and moments with their dayjs pattern,
 * lists joined. Booleans are left to the cell (words or an icon); empty values give ''.
 */
export function formatValue(column: GridColumn, value: unknown, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.Type) {
    case 'integer':
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number)
        ? numberFormatter(column.Format, language).format(number)
        : String(value);
    }
    case 'date':
    case 'datetime': {
      // No pattern: the reader's language's own way, a moment with its time zone named.
      if (!column.Format) {
        const format = dateFormat(language);
        return (
          (column.Type === 'date' ? format.date(value) : format.dateTime(value, { zone: true })) ||
          String(value)
        );
      }
      // A day is a calendar day wherever the browser is, never shifted by a time zone.
      const day =
        column.Type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
      const moment = dayjs(day ? value.slice(0, 10) : (value as string | number | Date));
      if (!moment.isValid()) return String(value);
      return moment.format(column.Format);
    }
    case 'list':
      return joinList(value);
    case 'boolean':
    case 'string':
      return String(value);
  }
}
