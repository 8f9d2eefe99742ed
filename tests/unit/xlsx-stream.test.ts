import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { safeCellText } from '../../server/engine/export/cell-text';
import { type SheetColumn, sendSheet } from '../../server/engine/export/xlsx-stream';
import { xmlText } from '../../server/engine/export/xlsx/xml-text';

interface Item {
  name: string | null;
  amount: number | null;
  day: Date | null;
  done: boolean | null;
  heat: 'hot' | 'cold' | null;
}

const columns: SheetColumn<Item>[] = [
  { header: 'Name <&>', width: 30, value: (item) => item.name && safeCellText(item.name) },
  { header: 'Amount', width: 10, numFmt: '0.00', value: (item) => item.amount },
  { header: 'Day', width: 12, numFmt: 'dd/mm/yyyy', value: (item) => item.day },
  { header: 'Done', width: 8, value: (item) => item.done },
  {
    header: 'Heat',
    width: 10,
    value: (item) => item.heat,
    styles: {
      hot: { fill: 'FFC62828', font: { bold: true, color: 'FFFFFFFF' } },
      cold: { fill: 'FF1565C0' },
    },
    style: (item) => item.heat ?? 'cold',
  },
];

const items: Item[] = [
  {
    name: 'a <&> "b"\u0007 c',
    amount: 12.5,
    day: new Date(Date.UTC(2026, 10, 24)),
    done: true,
    heat: 'hot',
  },
  { name: '=1+1', amount: null, day: null, done: false, heat: 'cold' },
  { name: ' _x0041_ ', amount: -0.25, day: null, done: null, heat: null },
  { name: null, amount: 1e6, day: new Date(Date.UTC(1999, 11, 31)), done: null, heat: 'hot' },
];

async function* rowsOf<Row>(rows: readonly Row[], failure?: Error) {
  yield* rows;
  if (failure) throw failure;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `count()` stops growing (the same over 200 ms) within `ms`. */
async function settled(count: () => number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    const before = count();
    await pause(200);
    if (count() === before) return true;
  }
  return false;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server answering `GET /file` with `sendSheet` of `rows`, logging errors into `logs`. */
function serverOf<Row>(sheetColumns: SheetColumn<Row>[], rows: () => AsyncIterator<Row>) {
  const logs: string[] = [];
  app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } },
  });
  app.get('/file', async (_request, reply) =>
    sendSheet(reply, {
      fileName: 'items.xlsx',
      sheetName: 'Items: [all]',
      columns: sheetColumns,
      rows: rows(),
    }),
  );
  return { app, logs };
}

describe('sendSheet', () => {
  it('writes a workbook exceljs reads back: values, formats, styles, frozen header, filter', async () => {
    const { app } = serverOf(columns, () => rowsOf(items));
    const res = await app.inject({ method: 'GET', url: '/file' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="items.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;

    expect(sheet.name).toBe('Items   all');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:E1');
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.getColumn(3).width).toBe(12);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, 'Name <&>', 'Amount', 'Day', 'Done', 'Heat']);
    expect(header.getCell(1).font.bold).toBe(true);
    expect(sheet.rowCount).toBe(5);

    const [first, second, third, fourth] = [2, 3, 4, 5].map((row) => sheet.getRow(row));
    // Escaped, the bell character (not allowed in XML) dropped.
    expect(first!.getCell(1).value).toBe('a <&> "b" c');
    expect(first!.getCell(2).value).toBe(12.5);
    expect(first!.getCell(2).numFmt).toBe('0.00');
    expect(first!.getCell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(first!.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 24)));
    expect(first!.getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(first!.getCell(4).value).toBe(true);
    expect(first!.getCell(5).value).toBe('hot');
    expect((first!.getCell(5).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFC62828');
    expect(first!.getCell(5).font).toMatchObject({ bold: true, color: { argb: 'FFFFFFFF' } });

    expect(second!.getCell(1).value).toBe("'=1+1");
    expect(second!.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(second!.getCell(2).value).toBeNull();
    expect(second!.getCell(3).value).toBeNull();
    expect(second!.getCell(4).value).toBe(false);
    expect((second!.getCell(5).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FF1565C0');

    // Spaces kept; a run Excel would read as an escaped character (`_x0041_` is "A") has its
    // underscore escaped, so Excel shows it as typed (exceljs reads the escapes undecoded).
    expect(third!.getCell(1).value).toBe(' _x005F_x0041_ ');
    expect(third!.getCell(2).value).toBe(-0.25);
    expect(third!.getCell(4).value).toBeNull();
    // An empty cell still carries its style.
    expect(third!.getCell(5).value).toBeNull();
    expect((third!.getCell(5).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FF1565C0');

    expect(fourth!.getCell(1).value).toBeNull();
    expect(fourth!.getCell(2).value).toBe(1e6);
    expect(fourth!.getCell(3).value).toEqual(new Date(Date.UTC(1999, 11, 31)));
  });

  it('writes a sheet of the header alone when there are no rows', async () => {
    const { app } = serverOf(columns, () => rowsOf<Item>([]));
    const res = await app.inject({ method: 'GET', url: '/file' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
  });

  it('answers an ordinary error when the first row fails, before anything is sent', async () => {
    const { app } = serverOf(columns, () => rowsOf<Item>([], new Error('no such filter')));
    const res = await app.inject({ method: 'GET', url: '/file' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('aborts the download when a row fails once it has begun, and logs why', async () => {
    const many = Array.from({ length: 20_000 }, (_, index) => ({ ...items[0]!, amount: index }));
    const { app, logs } = serverOf(columns, () => rowsOf(many, new Error('the database left')));
    await expect(app.inject({ method: 'GET', url: '/file' })).rejects.toThrow(/destroyed/);
    expect(logs.join('')).toContain('spreadsheet export failed');
    expect(logs.join('')).toContain('the database left');
  });

  it('stops reading rows when the client goes away, holding back meanwhile', async () => {
    let read = 0;
    let stopped = false;
    async function* endless() {
      try {
        for (;;) {
          read++;
          // Text that barely compresses, so the socket's buffers fill soon.
          yield { ...items[0]!, name: randomBytes(24).toString('base64'), amount: read };
        }
      } finally {
        stopped = true;
      }
    }
    const { app } = serverOf(columns, endless);
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const client = new AbortController();
    const res = await fetch(`${origin}/file`, { signal: client.signal });
    await res.body!.getReader().read();
    // Unread, the download waits for the client: once the socket's buffers are full, no
    // more rows are read.
    const stalled = await settled(() => read, 5_000);
    expect(stalled).toBe(true);
    client.abort();
    const until = Date.now() + 5_000;
    while (!stopped && Date.now() < until) await pause(20);
    expect(stopped).toBe(true);
  });
});

describe('xmlText', () => {
  it('escapes markup, keeps tabs and line breaks, drops what XML cannot hold', () => {
    expect(xmlText('plain text')).toBe('plain text');
    expect(xmlText('<a href="x">&amp;</a>')).toBe(
      '&lt;a href=&quot;x&quot;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(xmlText('a\tb\nc\rd')).toBe('a\tb\nc&#13;d');
    expect(xmlText('a\u0000b\u001fc\uffffd\ud800e')).toBe('abcde');
    expect(xmlText('emoji \ud83d\ude00')).toBe('emoji \ud83d\ude00');
    expect(xmlText('_x000D_ and _x')).toBe('_x005F_x000D_ and _x');
  });
});
