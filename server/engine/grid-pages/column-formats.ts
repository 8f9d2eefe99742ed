import type { ColumnType } from '#metadata';

/** dayjs tokens of a day, longest first, and of a time of day. */
const dayTokens = ['YYYY', 'YY', 'MMMM', 'MMM', 'MM', 'M', 'DD', 'D', 'dddd', 'ddd'];
const timeTokens = ['HH', 'H', 'hh', 'h', 'mm', 'm', 'ss', 's', 'A', 'a'];
const separators = '[ /.,:-]';

const patternOf = (tokens: readonly string[]) =>
  new RegExp(`^(?:${tokens.join('|')}|${separators})+$`);
const datePattern = patternOf(dayTokens);
const dateTimePattern = patternOf([...dayTokens, ...timeTokens]);
const hasToken = /[YMDdHhmsAa]/;

/** Decimals as the grid reads them: `0`, `0.00`, with grouping `#,##0.0`. */
const numberPattern = /^(?:0|#,##0)(?:\.0{1,10})?$/;
const integerPattern = /^(?:0|#,##0)$/;
const booleanFormats = ['yesno', 'check'];

/**
 * Why `format` cannot be a column's of `type`, or null when it can (null is each type's
 * default): a dayjs pattern of a day (`DD/MM/YYYY`) for date, of a day and time
 * (`DD/MM/YYYY HH:mm`) for datetime, decimals for number (`0.00`, `#,##0.0`), `0` or `#,##0`
 * for integer, `yesno` or `check` for boolean, none for string and list.
 */
export function formatProblem(type: ColumnType, format: string | null): string | null {
  if (format === null) return null;
  switch (type) {
    case 'date':
      return datePattern.test(format) && hasToken.test(format)
        ? null
        : 'must be a date pattern such as DD/MM/YYYY (day, month and year tokens and separators)';
    case 'datetime':
      return dateTimePattern.test(format) && hasToken.test(format)
        ? null
        : 'must be a date and time pattern such as DD/MM/YYYY HH:mm';
    case 'number':
      return numberPattern.test(format) ? null : "must be decimals such as '0.00' or '#,##0.0'";
    case 'integer':
      return integerPattern.test(format) ? null : "must be '0' or '#,##0'";
    case 'boolean':
      return booleanFormats.includes(format) ? null : "must be 'yesno' or 'check'";
    case 'string':
    case 'list':
      return `must be empty: a ${type} column has no format`;
  }
}
