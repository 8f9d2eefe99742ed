import type { ColumnType, GridColumn } from '#metadata';
import { formatValue } from './format-value';

/** Narrowest and widest a column starts at, by type; the user may resize past both. */
const typeBounds: Record<ColumnType, readonly [number, number]> = {
  boolean: [72, 120],
  integer: [72, 160],
  number: [80, 180],
  date: [112, 150],
  datetime: [168, 210],
  string: [96, 360],
  list: [120, 320],
};

let canvas: CanvasRenderingContext2D | null | undefined;

/** The text as the browser draws it in the page's font at 14 px; null where it cannot (jsdom). */
function measuredWidth(text: string, bold: boolean): number | null {
  if (canvas === undefined) {
    // jsdom has no canvas (and says so on the console): estimate there.
    const drawable = typeof document !== 'undefined' && !/jsdom/i.test(navigator.userAgent);
    try {
      canvas = drawable ? document.createElement('canvas').getContext('2d') : null;
    } catch {
      canvas = null;
    }
  }
  if (!canvas) return null;
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  canvas.font = `${bold ? 700 : 400} 14px ${family}`;
  return canvas.measureText(text).width;
}

/**
 * The width in px of a text at the grid's 14 px size: measured in the page's font where the
 * browser can, else estimated by kind of character (capitals and digits are wider than small
 * letters) as the widest common UI fonts draw it, a header's bold text a sixth wider.
 */
export function textWidth(text: string, bold = false): number {
  const measured = measuredWidth(text, bold);
  if (measured !== null) return Math.ceil(measured) + 2;
  let width = 0;
  for (const char of text) {
    if (char === ' ') width += 4.5;
    else if (/[A-Z@%&]/.test(char)) width += 9.8;
    else if (/[0-9a-z]/.test(char)) width += /[ijlft]/.test(char) ? 4.5 : 8.4;
    else width += 6.5;
  }
  return bold ? width * 1.16 : width;
}

/** Cell padding, both sides. */
const cellPadding = 26;
/** The sort indicator and the filter button beside a header's title, with their gaps. */
const sortPx = 22;
const filterPx = 30;

/** The range a user may resize a column to. */
export const minColumnWidth = 56;
export const maxColumnWidth = 1200;

export const clampWidth = (width: number) =>
  Math.round(Math.min(maxColumnWidth, Math.max(minColumnWidth, width)));

/** Whether a cell's text likely shows whole in a column this wide (else CSS cuts it). */
export const fitsWidth = (text: string, width: number) => textWidth(text) + cellPadding <= width;

/**
 * A column's starting width in px: its metadata `Width` when set, otherwise wide enough for
 * its translated title and the longest formatted value of `rows`, within bounds of its type.
 *
 * @example estimateColumnWidth(nameColumn, 'Name', rows, 'en-gb') // 214
 */
export function estimateColumnWidth(
  column: GridColumn,
  title: string,
  rows: readonly Record<string, unknown>[],
  language: string,
): number {
  if (column.Width && column.Width > 0) return clampWidth(column.Width);
  const header =
    textWidth(title, true) +
    cellPadding +
    (column.Sortable === false ? 0 : sortPx) +
    (column.Filterable === false ? 0 : filterPx);
  const content = rows.reduce((widest, row) => {
    const value = row[column.Field];
    const text =
      column.Type === 'boolean'
        ? 'Yes'
        : typeof value === 'object' && value !== null && !Array.isArray(value)
          ? ''
          : formatValue(column, value, language);
    return Math.max(widest, textWidth(text) + cellPadding);
  }, 0);
  const [min, max] = typeBounds[column.Type];
  // The header's title is never cut; long values are, past the bound of their type.
  return Math.round(Math.max(min, header, Math.min(max, content)));
}
