import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { EntityGridPage } from './pages/entity-grid-page';
import { withUnitsSource } from './support/units-source';
import { signInByApi } from './support/sign-in';

// The materials workbook down and up, and the sync of units against a replayed recording
// system. Serial: the sync's setting is the installation's, and the upload changes materials.
test.describe.configure({ mode: 'serial' });

/** The first data row of the sheet whose Code cell is `code`. */
function rowOf(sheet: ExcelJS.Worksheet, code: string): ExcelJS.Row {
  for (let number = 2; sheet.getRow(number).getCell(2).value; number++) {
    if (sheet.getRow(number).getCell(2).value === code) return sheet.getRow(number);
  }
  throw new Error(`${code} is not in the workbook`);
}

test.describe('the materials workbook', () => {
  test('an administrator downloads it, renames a mix in it, uploads it and sees the change; a broken one shows the errors grid', async ({
    page,
  }) => {
    const name = `AC 32 heavy duty base (e2e ${Date.now() % 100000})`;
    await signInByApi(page, 'admin');
    const materials = new EntityGridPage(page);
    await materials.open('/admin/downloaduploadmaterials', 'Materials');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^materials-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    const file = await readFile((await download.path())!);
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    rowOf(sheet, 'AC 32 ??? BASE').getCell(3).value = name;
    const changed = Buffer.from(await workbook.xlsx.writeBuffer());

    await page.getByLabel('Materials workbook (.xlsx)').setInputFiles({
      name: 'materials.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: changed,
    });
    await expect(page.getByText(/The workbook was saved: 0 created, 1 updated/)).toBeVisible();
    await expect(materials.row('AC 32 ??? BASE')).toContainText(name);

    rowOf(sheet, 'SMA 14 SURF').getCell(2).value = 'SMA-14';
    await page.getByLabel('Materials workbook (.xlsx)').setInputFiles({
      name: 'broken.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    const errors = page.getByRole('table', { name: 'Problems of the uploaded workbook' });
    await expect(errors).toBeVisible();
    await expect(errors.getByRole('row').filter({ hasText: 'Code' })).toContainText(
      'may hold only digits, capital letters, spaces and ?',
    );
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(materials.row('SMA 14 SURF')).toBeVisible();
  });
});

test.describe('the sync of units', () => {
  test('an administrator compares the units with a replayed recording system and creates the new one', async ({
    page,
  }) => {
    const code = `SYNC${Date.now() % 100000}`;
    await signInByApi(page, 'admin');
    const csv = `Code,Name,Active,Postcode\r\n${code},Synced plant,true,LS9 0PS\r\n${code}B,,true,\r\n`;
    await withUnitsSource(page, csv, async () => {
      await page.goto('/admin/syncunits');
      await expect(
        page.getByRole('heading', { level: 2, name: 'Sync units with the recording system' }),
      ).toBeVisible();
      const added = page.getByRole('table', { name: 'New units' });
      await expect(added.getByRole('row').filter({ hasText: code })).toContainText('Synced plant');
      await expect(page.getByRole('table', { name: 'Rows of the source left out' })).toContainText(
        'is required',
      );
      // The demo's own units are offered for deactivation, and not ticked.
      await expect(page.getByRole('checkbox', { name: 'Select NTH01' })).not.toBeChecked();

      await page.getByRole('button', { name: 'Apply 1 selected' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await expect(page.getByText('Done: 1 created, 0 updated, 0 made inactive.')).toBeVisible();
      await expect(page.getByRole('table', { name: 'New units' })).toHaveCount(0);

      const units = new EntityGridPage(page);
      await units.open('/admin/units', 'Units');
      await units.filterText('Code', code);
      await expect(units.row(code)).toContainText('Synced plant');
    });
  });
});
