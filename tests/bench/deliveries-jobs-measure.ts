/**
 * Measurements of the deliveries jobs benchmark (see deliveries-jobs.ts): the export read as a
 * stream over HTTP with the process's memory sampled meanwhile, the workbook's rows counted
 * back, and the home grid asked again and again while a job runs.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

export interface ExportFigures {
  /** Request sent to response headers (the first page read), ms. */
  headersMs: number;
  /** Request sent to the last byte, ms. */
  totalMs: number;
  bytes: number;
  rssBefore: number;
  /** The largest RSS sampled every 50 ms from the request to the last byte. */
  rssPeak: number;
  /** `process.resourceUsage().maxRSS` before and after, bytes (the process's lifetime peak). */
  maxRssBefore: number;
  maxRssAfter: number;
}

/** Where the memory is read: the server's own process, or this one. */
export interface MemorySource {
  rss(): Promise<number>;
  /** The process's lifetime peak, bytes. */
  peakRss(): Promise<number>;
}

export const thisProcess: MemorySource = {
  rss: () => Promise.resolve(process.memoryUsage().rss),
  peakRss: () => Promise.resolve(process.resourceUsage().maxRSS * 1024),
};

/**
 * Posts the export as the browser does and reads the answer as a stream, counting its bytes
 * (and copying them to `file` when given, to be opened back afterwards), sampling the RSS of
 * `memory` (the server's process) every 50 ms meanwhile.
 */
export async function measureExport(
  url: string,
  cookie: string,
  body: object,
  file: string | undefined,
  memory: MemorySource = thisProcess,
): Promise<ExportFigures> {
  const rssBefore = await memory.rss();
  const maxRssBefore = await memory.peakRss();
  let rssPeak = rssBefore;
  const sample = async () => {
    rssPeak = Math.max(rssPeak, await memory.rss().catch(() => 0));
  };
  const sampler = setInterval(() => void sample(), 50);
  const copy = file ? createWriteStream(file) : undefined;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const headersMs = performance.now() - started;
    if (!response.ok || !response.body) {
      throw new Error(`export answered ${response.status}: ${await response.text()}`);
    }
    const reader = response.body.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (copy && !copy.write(value)) await once(copy, 'drain');
    }
    const totalMs = performance.now() - started;
    await sample();
    const maxRssAfter = await memory.peakRss();
    return { headersMs, totalMs, bytes, rssBefore, rssPeak, maxRssBefore, maxRssAfter };
  } finally {
    clearInterval(sampler);
    if (copy) {
      copy.end();
      await finished(copy);
    }
  }
}

/** The data rows (all rows but the header) of a workbook's first sheet, read as a stream. */
export async function sheetDataRows(file: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  for await (const sheet of workbook) {
    for await (const _row of sheet) rows++;
    break;
  }
  return Math.max(0, rows - 1);
}

/**
 * Asks `url` as the holder of `cookie` one request after another while `busy()` holds (at
 * least `min` times); answers each request's time, ms. A non-200 answer throws.
 */
export async function askWhile(
  app: FastifyInstance,
  url: string,
  cookie: string,
  busy: () => boolean,
  min = 0,
): Promise<number[]> {
  const times: number[] = [];
  while (busy() || times.length < min) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) {
      throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    }
  }
  return times;
}
