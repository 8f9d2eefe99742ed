import { xmlText } from './xml-text';

/** How a cell looks beyond its column's format: colours as ARGB, e.g. `FFC62828`. */
export interface CellStyle {
  fill?: string;
  font?: { bold?: boolean; color?: string };
}

/** What the style table is built from: each column's number format and the looks it declares. */
export interface StyledColumn {
  numFmt?: string;
  styles?: Readonly<Record<string, CellStyle>>;
}

/** The index in the workbook's `cellXfs` of each style a sheet's cells use. */
export interface StyleTable {
  /** styles.xml, whole. */
  xml: string;
  header: number;
  /** By column: a plain cell of the column (its number format). */
  columns: number[];
  /** By column: the column's named styles, by name. */
  named: ReadonlyMap<string, number>[];
}

/** Formats Excel knows by number: declaring them again is allowed, but readers differ. */
const builtInFormats: Readonly<Record<string, number>> = {
  General: 0,
  '0': 1,
  '0.00': 2,
  '#,##0': 3,
  '#,##0.00': 4,
};
const firstCustomFormat = 164;

/** Distinct entries of one of styles.xml's lists, numbered in the order first asked for. */
class Entries {
  private readonly byXml = new Map<string, number>();
  constructor(fixed: readonly string[]) {
    fixed.forEach((xml, index) => this.byXml.set(xml, index));
  }
  indexOf(xml: string): number {
    let index = this.byXml.get(xml);
    if (index === undefined) {
      index = this.byXml.size;
      this.byXml.set(xml, index);
    }
    return index;
  }
  list(tag: string): string {
    return `<${tag} count="${this.byXml.size}">${[...this.byXml.keys()].join('')}</${tag}>`;
  }
}

const font = (bold: boolean, color?: string) =>
  `<font>${bold ? '<b/>' : ''}<sz val="11"/>` +
  `${color ? `<color rgb="${xmlText(color)}"/>` : '<color theme="1"/>'}` +
  '<name val="Calibri"/><family val="2"/><scheme val="minor"/></font>';

const fill = (argb: string) =>
  `<fill><patternFill patternType="solid"><fgColor rgb="${xmlText(argb)}"/>` +
  '<bgColor indexed="64"/></patternFill></fill>';

/**
 * The sheet's whole style table, built before the first row: the default cell, the bold
 * header, and for each column its plain cell and each of its named styles, each with the
 * column's number format. Cells then only name an index, so no row builds a style.
 */
export function styleTable(columns: readonly StyledColumn[]): StyleTable {
  const formats = new Map<string, number>();
  const fonts = new Entries([font(false)]);
  // Excel expects the first two fills to be these.
  const fills = new Entries([
    '<fill><patternFill patternType="none"/></fill>',
    '<fill><patternFill patternType="gray125"/></fill>',
  ]);
  const cellXfs = new Entries(['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>']);

  const formatId = (code: string | undefined) => {
    if (code === undefined) return 0;
    const id = builtInFormats[code] ?? formats.get(code) ?? firstCustomFormat + formats.size;
    if (id >= firstCustomFormat) formats.set(code, id);
    return id;
  };
  const xf = (numFmt: number, style: CellStyle = {}) => {
    const fontId = style.font ? fonts.indexOf(font(style.font.bold ?? false, style.font.color)) : 0;
    const fillId = style.fill ? fills.indexOf(fill(style.fill)) : 0;
    return cellXfs.indexOf(
      `<xf numFmtId="${numFmt}" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"` +
        `${numFmt ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}` +
        `${fillId ? ' applyFill="1"' : ''}/>`,
    );
  };

  const header = xf(0, { font: { bold: true } });
  const plain: number[] = [];
  const named: Map<string, number>[] = [];
  for (const column of columns) {
    const numFmt = formatId(column.numFmt);
    plain.push(xf(numFmt));
    named.push(
      new Map(
        Object.entries(column.styles ?? {}).map(([name, style]) => [name, xf(numFmt, style)]),
      ),
    );
  }

  const numFmts = [...formats]
    .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`)
    .join('');
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    (formats.size ? `<numFmts count="${formats.size}">${numFmts}</numFmts>` : '') +
    fonts.list('fonts') +
    fills.list('fills') +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    cellXfs.list('cellXfs') +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '<dxfs count="0"/><tableStyles count="0"/>' +
    '</styleSheet>';
  return { xml, header, columns: plain, named };
}
