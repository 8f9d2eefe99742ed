import type { StyleTable } from './sheet-styles';
import { xmlText } from './xml-text';

/** What a cell may hold: a text, a number, a yes/no, a day or moment; null for an empty cell. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** What the sheet's XML needs of a column. */
export interface XmlColumn<Row> {
  header: string;
  /** In characters. */
  width: number;
  value(row: Row): CellValue;
  /** The name of one of the column's styles for the row's cell, or none. */
  style?(row: Row): string | undefined;
}

const msPerDay = 86_400_000;
/** 1970-01-01 as an Excel serial day (the 1900 date system, counting its 29 February 1900). */
const unixEpochSerial = 25_569;

/** A moment as the serial number Excel stores for it (days since 1900, a fraction the time). */
export const excelSerial = (moment: Date) => unixEpochSerial + moment.getTime() / msPerDay;

/** 1 -> `A`, 27 -> `AA`. */
export function columnLetters(position: number): string {
  let letters = '';
  for (let rest = position; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** A text as an inline string, its leading or trailing spaces kept. */
const textXml = (text: string) =>
  /^\s|\s$/.test(text)
    ? ` t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`
    : ` t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;

/**
 * A cell's XML after `<c r=".." s=".."` (the caller writes that part), or '' for a value
 * that leaves it empty: null, a number that is not finite, an invalid date.
 */
function valueXml(value: CellValue): string {
  switch (typeof value) {
    case 'string':
      return textXml(value);
    case 'number':
      return Number.isFinite(value) ? `><v>${value}</v></c>` : '';
    case 'boolean':
      return ` t="b"><v>${value ? 1 : 0}</v></c>`;
    default: {
      if (!(value instanceof Date)) return '';
      const serial = excelSerial(value);
      return Number.isFinite(serial) ? `><v>${serial}</v></c>` : '';
    }
  }
}

/**
 * The XML of one sheet, in the order it is streamed: `head` (through the header row), then
 * `row` for each row, then `tail`. Frozen header row, an autofilter over it, the columns'
 * widths; every cell's style an index into `styles` worked out before the first row.
 */
export class SheetXml<Row> {
  private readonly letters: string[];

  constructor(
    private readonly columns: readonly XmlColumn<Row>[],
    private readonly styles: StyleTable,
  ) {
    this.letters = columns.map((_, index) => columnLetters(index + 1));
  }

  head(): string {
    const cols = this.columns
      .map((column, index) => {
        const position = index + 1;
        const style = this.styles.columns[index] ?? 0;
        return (
          `<col min="${position}" max="${position}" width="${column.width}" customWidth="1"` +
          `${style ? ` style="${style}"` : ''}/>`
        );
      })
      .join('');
    const header = this.columns
      .map(
        (column, index) =>
          `<c r="${this.letters[index]}1" s="${this.styles.header}"${textXml(column.header)}`,
      )
      .join('');
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheetViews><sheetView tabSelected="1" workbookViewId="0">' +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
      '</sheetView></sheetViews>' +
      '<sheetFormatPr defaultRowHeight="15"/>' +
      (cols ? `<cols>${cols}</cols>` : '') +
      `<sheetData><row r="1">${header}</row>`
    );
  }

  /** Row `number` (the first data row is 2). */
  row(row: Row, number: number): string {
    let xml = `<row r="${number}">`;
    const { columns, letters, styles } = this;
    for (let index = 0; index < columns.length; index++) {
      const column = columns[index]!;
      const named = column.style?.(row);
      // A name the column does not declare leaves the cell plain.
      const look = named === undefined ? undefined : styles.named[index]?.get(named);
      const value = valueXml(column.value(row));
      if (value === '' && look === undefined) continue;
      const s = look ?? styles.columns[index] ?? 0;
      xml += `<c r="${letters[index]}${number}"${s ? ` s="${s}"` : ''}${value || '/>'}`;
    }
    return `${xml}</row>`;
  }

  /** The filter range, e.g. `A1:J1`; undefined for a sheet without columns. */
  filterRange(): string | undefined {
    const last = this.letters.at(-1);
    return last === undefined ? undefined : `A1:${last}1`;
  }

  tail(): string {
    const range = this.filterRange();
    return (
      '</sheetData>' +
      (range ? `<autoFilter ref="${range}"/>` : '') +
      '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
      '</worksheet>'
    );
  }
}
