import { format } from '@fast-csv/format';
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** The content type of a CSV download (UTF-8, with a byte order mark for spreadsheets). */
export const csvContentType = 'text/csv; charset=utf-8';

/** One column of a CSV file: its header and the text each row puts in it. */
export interface CsvColumn<Row> {
  header: string;
  text(row: Row): string;
}

export interface CsvFile<Row> {
  /** The download's name, as the content disposition gives it. */
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  rows: AsyncIterator<Row>;
}

async function room(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
}

async function writeCsv<Row>(
  output: ReturnType<typeof format>,
  file: CsvFile<Row>,
  first: Row | undefined,
): Promise<void> {
  output.write(file.columns.map((column) => column.header));
  let row = first;
  while (row !== undefined && !output.destroyed) {
    const current = row;
    if (!output.write(file.columns.map((column) => column.text(current)))) await room(output);
    const next = await file.rows.next();
    row = next.done ? undefined : next.value;
  }
  if (output.destroyed) {
    await file.rows.return?.();
    return;
  }
  output.end();
}

/**
 * Answers a CSV download written as the rows come (memory stays flat): UTF-8 with a byte order
 * mark so that spreadsheets read accents right, CRLF line ends, fields quoted where they hold a
 * separator, a quote or a line break. Texts are written as given: neutralise formulas in them
 * first (`safeCellText`).
 *
 * As `sendSheet`: the first row is read before anything is sent, so a refusal is still a JSON
 * error, and a failure once the download has started aborts it rather than truncating it.
 */
export async function sendCsv<Row>(reply: FastifyReply, file: CsvFile<Row>) {
  const first = await file.rows.next();
  const output = format({ writeBOM: true, rowDelimiter: '\r\n', includeEndRowDelimiter: true });
  reply
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .type(csvContentType);
  writeCsv(output, file, first.done ? undefined : first.value).catch((error: unknown) => {
    reply.log.error({ err: error, file: file.fileName }, 'CSV export failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(output);
}
