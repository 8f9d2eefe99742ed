import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialCodeMessages, type MaterialUpload } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * `GET api/downloaduploadmaterials/download` and `POST api/downloaduploadmaterials/save`: the
 * materials as an .xlsx workbook and back, every row through the material rules, all or none.
 */

let t: TestApp;
let client: ApiClient;

const download = '/api/downloaduploadmaterials/download';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Uploads a workbook as the browser's file button does. */
const upload = (data: Buffer | Uint8Array, name = 'materials.xlsx', user = 'admin') =>
  client.upload(user, '/api/downloaduploadmaterials/save', { name, data, type: xlsxType });

/** Everything an upload could change: the materials and the change log. */
async function fingerprint() {
  const materials = await t.database.db.selectFrom('materials').selectAll().orderBy('id').execute();
  const logs = await t.database.db.selectFrom('changeLogs').select('id').execute();
  return JSON.stringify([materials, logs.length]);
}

async function downloaded(query = ''): Promise<ExcelJS.Workbook> {
  const res = await client.get('admin', `${download}${query}`);
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

const sheetOf = (workbook: ExcelJS.Workbook) => workbook.worksheets[0]!;
const bytes = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

/** How many materials the sheet holds (below them, empty rows offer the lists of values). */
function dataRows(sheet: ExcelJS.Worksheet): number {
  let count = 0;
  while (sheet.getRow(count + 2).getCell(2).value) count += 1;
  return count;
}

/** Writes a row below the materials, as a user adds one. */
function addMaterial(sheet: ExcelJS.Worksheet, values: unknown[]): number {
  const number = dataRows(sheet) + 2;
  values.forEach((value, index) => {
    sheet.getRow(number).getCell(index + 1).value = value as ExcelJS.CellValue;
  });
  return number;
}

/** The downloaded sheet's row of a material code. */
function rowOf(sheet: ExcelJS.Worksheet, code: string): ExcelJS.Row {
  for (let number = 2; number <= dataRows(sheet) + 1; number++) {
    if (sheet.getRow(number).getCell(2).value === code) return sheet.getRow(number);
  }
  throw new Error(`${code} is not in the sheet`);
}

/** A workbook of a header and rows, as a user might type it. */
async function typed(header: string[], rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return bytes(workbook);
}

const materialNamed = (code: string) =>
  t.database.db.selectFrom('materials').selectAll().where('code', '=', code).executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  await t.database.db
    .updateTable('materials')
    .set({ active: false })
    .where('code', '=', 'HRA ?? 14F SURF')
    .execute();
});
afterAll(() => t.close());

describe('the materials download', () => {
  it('answers an .xlsx of the active materials, every field a column', async () => {
    const res = await client.get('admin', download);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(xlsxType);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="materials-.*\.xlsx"$/,
    );
    const sheet = sheetOf(await downloaded());
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Id',
      'Code',
      'Name',
      'Active',
      'CanAddEvotherm',
      'MinMixTemp',
      'MaxMixTemp',
      'MixType',
      'StopTemperature',
      'Version',
    ]);
    expect(dataRows(sheet)).toBe(11);
    const sma = rowOf(sheet, 'SMA 10 SURF');
    expect(sma.getCell(3).value).toBe('SMA 10 surface course');
    expect(sma.getCell(4).value).toBe(true);
    expect(sma.getCell(5).value).toBe(true);
    expect(sma.getCell(8).value).toBe('sma');
    expect(sma.getCell(4).dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"TRUE,FALSE"'],
    });
  });

  it('includes the inactive ones when asked', async () => {
    const sheet = sheetOf(await downloaded('?includeInactiveMaterials=true'));
    expect(dataRows(sheet)).toBe(12);
    expect(rowOf(sheet, 'HRA ?? 14F SURF').getCell(4).value).toBe(false);
  });
});

describe('the materials upload', () => {
  it('takes a downloaded workbook with a name changed, and logs the change', async () => {
    const logsBefore = await t.database.db.selectFrom('changeLogs').select('id').execute();
    const workbook = await downloaded();
    rowOf(sheetOf(workbook), 'AC 32 DENSE BASE').getCell(3).value = 'AC 32 dense base (renamed)';
    const res = await upload(await bytes(workbook));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Errors: [], Created: 0, Updated: 1, Unchanged: 10 });
    const saved = await materialNamed('AC 32 DENSE BASE');
    expect(saved).toMatchObject({ name: 'AC 32 dense base (renamed)', version: 2 });
    const logs = await t.database.db
      .selectFrom('changeLogs')
      .selectAll()
      .where('entityType', '=', 'Material')
      .where('entityId', '=', String(saved!.id))
      .orderBy('id')
      .execute();
    const known = new Set(logsBefore.map((log) => log.id));
    expect(logs.filter((log) => !known.has(log.id))).toHaveLength(1);
    expect(logs.at(-1)).toMatchObject({ actionType: 1, userName: 'admin' });
  });

  it('creates the rows without an Id, with the code tidied and the defaults', async () => {
    const file = await typed(['Code', 'Name', 'MinMixTemp'], [['ac 6 new  surf', 'New mix', 140]]);
    const res = await upload(file);
    expect(res.json()).toEqual({ Errors: [], Created: 1, Updated: 0, Unchanged: 0 });
    expect(await materialNamed('AC 6 NEW SURF')).toMatchObject({
      name: 'New mix',
      active: true,
      canAddEvotherm: false,
      minMixTemp: 140,
      mixType: 'dense',
    });
  });

  it('answers every bad row (code rules, a formula, a stale version) and saves nothing', async () => {
    const before = await fingerprint();
    const workbook = await downloaded();
    const sheet = sheetOf(workbook);
    rowOf(sheet, 'SMA 14 SURF').getCell(3).value = 'A good rename that must not stay';
    rowOf(sheet, 'SMA 10 SURF').getCell(3).value = { formula: 'CONCAT("a","b")', result: 'ab' };
    rowOf(sheet, 'AC 20 DENSE BIN').getCell(10).value = 99;
    const dash = addMaterial(sheet, [null, 'AC-6', 'Dash in the code', true]);
    const active = addMaterial(sheet, [null, 'ac 6 dense surf', 'Same as an active pattern', true]);
    const inactive = addMaterial(sheet, [null, 'HRA ?? 14F SURF', 'Same as an inactive one', true]);
    const maybe = addMaterial(sheet, [null, 'XX 1', 'Not sure', 'maybe', false]);
    const res = await upload(await bytes(workbook));
    expect(res.statusCode).toBe(200);
    const answer = res.json<MaterialUpload>();
    expect(answer).toMatchObject({ Created: 0, Updated: 0, Unchanged: 0 });
    const at = (code: string) => rowOf(sheet, code).number;
    expect(answer.Errors).toEqual(
      [
        {
          Row: at('AC 20 DENSE BIN'),
          Field: 'Version',
          Message: 'the material changed since the download',
        },
        { Row: at('SMA 10 SURF'), Field: 'Name', Message: 'is a formula; type the value itself' },
        {
          Row: dash,
          Field: 'Code',
          Message: 'may hold only digits, capital letters, spaces and ?',
        },
        { Row: active, Field: 'Code', Message: materialCodeMessages.activeMatch },
        { Row: inactive, Field: 'Code', Message: materialCodeMessages.inactiveMatch },
        { Row: maybe, Field: 'Active', Message: 'is not TRUE or FALSE' },
      ].sort((a, b) => a.Row - b.Row),
    );
    expect(await fingerprint()).toBe(before);
  });

  it('writes a name that looks like a formula as text, and reads it back unchanged', async () => {
    await t.database.db
      .updateTable('materials')
      .set({ name: '=HYPERLINK("http://x")' })
      .where('code', '=', 'SMA 14 SURF')
      .execute();
    const workbook = await downloaded();
    const cell = rowOf(sheetOf(workbook), 'SMA 14 SURF').getCell(3);
    expect(cell.value).toBe(`'=HYPERLINK("http://x")`);
    const before = await fingerprint();
    const res = await upload(await bytes(workbook));
    expect(res.json<MaterialUpload>()).toMatchObject({ Errors: [], Created: 0, Updated: 0 });
    expect(await fingerprint()).toBe(before);
  });

  it('refuses unknown and missing columns', async () => {
    const res = await upload(await typed(['Code', 'Nmae'], [['ZZ 1', 'x']]));
    expect(res.json<MaterialUpload>().Errors).toEqual([
      { Row: 1, Field: 'Nmae', Message: 'is not a field of a material' },
      { Row: 1, Field: 'Name', Message: 'is a missing column' },
    ]);
  });

  describe('refuses a file that is not a safe workbook, changing nothing', () => {
    const wrongFormat = 'The file is not an Excel workbook (.xlsx).';
    const cases: [string, () => Promise<Buffer | Uint8Array>, string, number, RegExp | string][] = [
      [
        'a text file',
        async () => Buffer.from('Code,Name\nZZ 9,x\n'),
        'materials.txt',
        400,
        wrongFormat,
      ],
      [
        'a .csv renamed .xlsx',
        async () => Buffer.from('Code,Name\nZZ 9,x\n'),
        'materials.xlsx',
        400,
        wrongFormat,
      ],
      [
        'a CSV with formula cells',
        async () => Buffer.from('Code,Name\n"=HYPERLINK(""http://x"")",=1+1\n'),
        'materials.csv',
        400,
        wrongFormat,
      ],
      [
        'a zip that is no workbook',
        async () => zipSync({ 'a.txt': new Uint8Array(10) }),
        'm.xlsx',
        400,
        wrongFormat,
      ],
      [
        'an oversized file',
        async () => Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(3 * 1024 * 1024)]),
        'materials.xlsx',
        413,
        /larger than 2048 KB/,
      ],
      [
        'a bomb: a part that unpacks to 60 MB',
        async () =>
          zipSync(
            {
              '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
              'xl/workbook.xml': new TextEncoder().encode('<workbook/>'),
              'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024),
            },
            { level: 9 },
          ),
        'materials.xlsx',
        413,
        /too large to read/,
      ],
      [
        'a bomb that lies about its sizes',
        async () => {
          const zip = Buffer.from(
            zipSync(
              {
                '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
                'xl/workbook.xml': new Uint8Array(50 * 1024 * 1024),
              },
              { level: 9 },
            ),
          );
          // Both headers of the second entry claim 1000 bytes unpacked.
          const local = zip.indexOf('xl/workbook.xml') - 30;
          zip.writeUInt32LE(1000, local + 22);
          const central = zip.lastIndexOf('xl/workbook.xml') - 46;
          zip.writeUInt32LE(1000, central + 24);
          return zip;
        },
        'materials.xlsx',
        400,
        wrongFormat,
      ],
      [
        'too many rows',
        async () =>
          typed(
            ['Code', 'Name'],
            Array.from({ length: 5001 }, (_, i) => [`ZZ ${i}`, 'x']),
          ),
        'materials.xlsx',
        400,
        /more than 5000 materials/,
      ],
    ];
    it.each(cases)('%s', async (_, file, name, status, message) => {
      const before = await fingerprint();
      const res = await upload(await file(), name);
      expect(res.statusCode).toBe(status);
      expect(res.json<{ Message: string }>().Message).toMatch(message);
      expect(await fingerprint()).toBe(before);
    });
  });

  it('refuses employee1 both calls, changing nothing', async () => {
    const before = await fingerprint();
    expect((await client.get('employee1', download)).statusCode).toBe(403);
    const res = await upload(await typed(['Code', 'Name'], [['ZZ 2', 'x']]), 'm.xlsx', 'employee1');
    expect(res.statusCode).toBe(403);
    expect((await client.get(null, download)).statusCode).toBe(401);
    expect(await fingerprint()).toBe(before);
  });
});
