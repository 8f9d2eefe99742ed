import { unzipSync, zipSync, type UnzipFileInfo } from 'fflate';
import { materialUploadWrongFormat } from '#metadata';
import { AppError } from '../../../errors/app-error';

/** What an uploaded workbook may hold, checked on the zip's directory before any inflating. */
export const xlsxBounds = {
  /** The file as uploaded (compressed). */
  maxFileBytes: 2 * 1024 * 1024,
  maxEntries: 200,
  /** Every entry together, inflated. */
  maxTotalBytes: 40 * 1024 * 1024,
  /** Any entry's inflated size over its compressed size (past the first megabyte). */
  maxRatio: 100,
};

const required = ['[Content_Types].xml', 'xl/workbook.xml'];
const zipStart = [0x50, 0x4b, 0x03, 0x04];

const wrongFormat = () => new AppError('BadRequest', materialUploadWrongFormat);
const tooBig = (why: string) =>
  new AppError('PayloadTooLarge', `The workbook is too large to read: ${why}.`);

/** Refuses an entry (before it is inflated) that would break the bounds. */
function checkEntry(file: UnzipFileInfo, totals: { entries: number; bytes: number }) {
  totals.entries += 1;
  totals.bytes += file.originalSize;
  if (totals.entries > xlsxBounds.maxEntries) {
    throw tooBig(`more than ${xlsxBounds.maxEntries} parts`);
  }
  if (totals.bytes > xlsxBounds.maxTotalBytes) {
    throw tooBig(`more than ${xlsxBounds.maxTotalBytes / 1024 / 1024} MB once unpacked`);
  }
  const ratio = file.originalSize / Math.max(file.size, 1);
  if (file.originalSize > 1024 * 1024 && ratio > xlsxBounds.maxRatio) {
    throw tooBig(`a part unpacks to ${Math.round(ratio)} times its size`);
  }
}

/**
 * An uploaded .xlsx as a workbook exceljs may safely load: by content a zip holding
 * `[Content_Types].xml` and `xl/workbook.xml` (else the wrong-format message, whatever its
 * name), with its directory checked first (entry count, total inflated size, each entry's
 * ratio). Entries are inflated into buffers of the sizes they declare, so an entry lying about
 * its size is cut there (and fails to parse), never inflated further; the result is zipped
 * again, stored, so exceljs meets only these bounded bytes.
 */
export function safeWorkbookBytes(data: Buffer): Uint8Array {
  if (data.length < 4 || zipStart.some((byte, i) => data[i] !== byte)) throw wrongFormat();
  const totals = { entries: 0, bytes: 0 };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(data, {
      filter: (file) => {
        checkEntry(file, totals);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw wrongFormat();
  }
  if (required.some((name) => !(name in entries))) throw wrongFormat();
  return zipSync(entries, { level: 0 });
}
