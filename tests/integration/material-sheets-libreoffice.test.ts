import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialUpload } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The materials workbook through LibreOffice Calc, whose .xlsx differs from Excel's and
 * exceljs's (shared strings, booleans, number formats, styles, its own zip layout).
 *
 * `tests/fixtures/materials-libreoffice.xlsx` is the demo installation's download, with
 * AC 32 DENSE BASE renamed and one material added, re-saved by LibreOffice Calc 7.4
 * (`soffice --headless --convert-to xlsx`). It is uploaded on every machine. Where LibreOffice
 * is installed (`soffice` on the PATH) the round trip is also made live; with
 * `UPDATE_FIXTURES=1` that live file replaces the fixture.
 */

const fixture = path.resolve(__dirname, '../fixtures/materials-libreoffice.xlsx');
const download = '/api/downloaduploadmaterials/download';
const renamed = 'AC 32 dense base (saved by LibreOffice)';
const added = ['AC 6 LO SURF', 'Added in LibreOffice'];

let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

const upload = (data: Buffer) =>
  client.upload('admin', '/api/downloaduploadmaterials/save', { name: 'materials.xlsx', data });

const material = (code: string) =>
  t.database.db.selectFrom('materials').selectAll().where('code', '=', code).executeTakeFirst();

/** The demo download with the fixture's two edits, as exceljs writes it. */
async function editedDownload(): Promise<Buffer> {
  const res = await client.get('admin', download);
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  let last = 1;
  for (let number = 2; sheet.getRow(number).getCell(2).value; number++) {
    if (sheet.getRow(number).getCell(2).value === 'AC 32 DENSE BASE') {
      sheet.getRow(number).getCell(3).value = renamed;
    }
    last = number;
  }
  const row = sheet.getRow(last + 1);
  row.getCell(2).value = added[0]!;
  row.getCell(3).value = added[1]!;
  row.getCell(4).value = true;
  row.getCell(5).value = false;
  row.getCell(6).value = 135;
  row.getCell(7).value = 175;
  row.getCell(8).value = 'dense';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Re-saves a workbook with LibreOffice Calc, as a user opening and saving it would. */
async function resavedByLibreOffice(data: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'libreoffice-'));
  try {
    await writeFile(path.join(dir, 'in.xlsx'), data);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--norestore',
        '--convert-to',
        'xlsx:Calc MS Excel 2007 XML',
        '--outdir',
        path.join(dir, 'out'),
        path.join(dir, 'in.xlsx'),
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return await readFile(path.join(dir, 'out', 'in.xlsx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const hasLibreOffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

async function expectSaved(file: Buffer) {
  const res = await upload(file);
  expect(res.statusCode).toBe(200);
  const answer = res.json<MaterialUpload>();
  expect(answer.Errors).toEqual([]);
  expect(answer).toMatchObject({ Created: 1, Updated: 1 });
  expect(await material('AC 32 DENSE BASE')).toMatchObject({ name: renamed, version: 2 });
  expect(await material(added[0]!)).toMatchObject({
    name: added[1],
    active: true,
    canAddEvotherm: false,
    minMixTemp: 135,
    maxMixTemp: 175,
    mixType: 'dense',
  });
}

describe('a workbook saved by LibreOffice Calc', () => {
  it('is the download with its two edits (the fixture is a LibreOffice file)', async () => {
    expect(existsSync(fixture)).toBe(true);
    const data = await readFile(fixture);
    const { unzipSync, strFromU8 } = await import('fflate');
    const parts = unzipSync(new Uint8Array(data));
    expect(strFromU8(parts['docProps/app.xml']!)).toMatch(/LibreOffice/);
  });

  it('uploads: the rename and the new material are saved, nothing else changes', async () => {
    const others = await t.database.db
      .selectFrom('materials')
      .selectAll()
      .where('code', 'not in', ['AC 32 DENSE BASE', added[0]!])
      .orderBy('id')
      .execute();
    await expectSaved(await readFile(fixture));
    const after = await t.database.db
      .selectFrom('materials')
      .selectAll()
      .where('code', 'not in', ['AC 32 DENSE BASE', added[0]!])
      .orderBy('id')
      .execute();
    expect(after).toEqual(others);
  });
});

describe("LibreOffice's boolean constants", () => {
  it('reads TRUE() / FALSE() as flags only; other formulas stay refused', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['Code', 'Name', 'Active', 'CanAddEvotherm']);
    sheet.addRow(['AC 6 FLAGS', 'Flags', null, null]);
    sheet.getCell('C2').value = { formula: 'FALSE()', result: false };
    sheet.getCell('D2').value = { formula: 'TRUE()', result: true };
    sheet.addRow(['AC 6 NOT FLAGS', null, null]);
    sheet.getCell('B3').value = { formula: 'TRUE()', result: true };
    sheet.getCell('C3').value = { formula: 'NOT(FALSE())', result: true };
    const before = await t.database.db.selectFrom('materials').selectAll().execute();
    const refused = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(refused.json<MaterialUpload>().Errors).toEqual([
      { Row: 3, Field: 'Name', Message: 'is a formula; type the value itself' },
      { Row: 3, Field: 'Active', Message: 'is a formula; type the value itself' },
    ]);
    expect(await t.database.db.selectFrom('materials').selectAll().execute()).toEqual(before);

    sheet.spliceRows(3, 1);
    const taken = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(taken.json<MaterialUpload>()).toMatchObject({ Errors: [], Created: 1 });
    expect(await material('AC 6 FLAGS')).toMatchObject({ active: false, canAddEvotherm: true });
  });
});

describe.runIf(hasLibreOffice)(
  'the live round trip through LibreOffice (soffice installed)',
  () => {
    let live: TestApp;
    beforeAll(async () => {
      live = t;
      t = await createTestApp({ demo: true });
      client = apiClient(t);
    });
    afterAll(async () => {
      await t.close();
      t = live;
      client = apiClient(t);
    });

    it('download -> edit -> LibreOffice save -> upload saves the edits', async () => {
      const file = await resavedByLibreOffice(await editedDownload());
      if (process.env.UPDATE_FIXTURES === '1') {
        const written = path.join(tmpdir(), 'materials-libreoffice.xlsx');
        await writeFile(written, file);
        await copyFile(written, fixture);
      }
      await expectSaved(file);
    }, 180_000);
  },
);
