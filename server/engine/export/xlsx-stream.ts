import ExcelJS, { type CellValue, type Style } from 'exceljs';
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';

/** The content type of an .xlsx workbook. */
export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One column of a sheet: its header, how wide, and what each row puts in its cell. */
export interface SheetColumn<Row> {
  header: string;
  /** In characters. */
  width: number;
  /** An Excel number format for the column's dates and numbers, e.g. `dd/mm/yyyy`, `0.0`. */
  numFmt?: string;
  value(row: Row): CellValue;
  /** The cell's own style, e.g. a state's colour. */
  style?(row: Row): Partial<Style> | undefined;
}

export interface SheetFile<Row> {
  /** The download's name, as the content disposition gives it. */
  fileName: string;
  sheetName: string;
  columns: readonly SheetColumn<Row>[];
  rows: AsyncIterator<Row>;
}

/** Rows written between checks that the client keeps up. */
const rowsPerCheck = 500;

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
function sheetNameOf(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

/** Resolves once the stream has room again (or has closed: the client went away). */
async function room(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
}

/** The part of a stream exceljs hands a sheet's XML to the zip through (not its public API). */
interface SheetXmlStream {
  pipes?: {
    writableNeedDrain?: boolean;
    _writableState?: { needDrain?: boolean };
    once(event: 'drain', listener: () => void): unknown;
  }[];
}

/**
 * Resolves once the zip has taken in the sheet's XML written so far. exceljs hands each
 * committed row to the zip's input without waiting for it to be read, so on its own the whole
 * uncompressed sheet would pile up there while deflate (on libuv's threads) catches up: 60 MB
 * for 100,000 deliveries (exceljs issues 1894, 2916). Waiting for that input to drain keeps an
 * export's memory flat. Reaches into exceljs's internals: when their shape changes this waits
 * for nothing, and the export benchmark's peak memory shows it.
 */
async function zipTakenIn(sheet: object): Promise<void> {
  const input = (sheet as { stream?: SheetXmlStream }).stream?.pipes?.[0];
  if (!input || !(input.writableNeedDrain ?? input._writableState?.needDrain)) return;
  await new Promise<void>((resolve) => input.once('drain', resolve));
}

async function writeSheet<Row>(
  output: PassThrough,
  file: SheetFile<Row>,
  first: Row | undefined,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetNameOf(file.sheetName), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = file.columns.map((column) => ({
    width: column.width,
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: file.columns.length } };
  const header = sheet.addRow(file.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();

  let row = first;
  for (let written = 1; row !== undefined && !output.destroyed; written++) {
    const current = row;
    const added = sheet.addRow(file.columns.map((column) => column.value(current)));
    file.columns.forEach((column, index) => {
      const style = column.style?.(current);
      if (style) Object.assign(added.getCell(index + 1), style);
    });
    added.commit();
    if (written % rowsPerCheck === 0) {
      await zipTakenIn(sheet);
      await room(output);
    }
    const next = await file.rows.next();
    row = next.done ? undefined : next.value;
  }
  if (output.destroyed) {
    await file.rows.return?.();
    return;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Answers a one-sheet .xlsx download written by exceljs's streaming writer as the rows come,
 * so memory stays flat however many rows there are. The header row is frozen and carries
 * an autofilter over every column.
 *
 * The first row is read before anything is sent: a refusal there (no permission, a bad
 * filter) is still an ordinary JSON error. A failure after the download has started is
 * logged and the response is aborted, so the browser sees a failed download, never a
 * truncated file that looks whole.
 */
export async function sendSheet<Row>(reply: FastifyReply, file: SheetFile<Row>) {
  const first = await file.rows.next();
  const output = new PassThrough();
  reply
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .type(xlsxContentType);
  writeSheet(output, file, first.done ? undefined : first.value).catch((error: unknown) => {
    reply.log.error({ err: error, file: file.fileName }, 'spreadsheet export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(output);
}
