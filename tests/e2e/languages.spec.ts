import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { EntityFormPage } from './pages/entity-form-page';
import { EntityGridPage } from './pages/entity-grid-page';
import { signInByApi } from './support/sign-in';

/** Three texts of the languages screen itself, so switching shows them at once. */
const german = {
  'ROUTES.LANGUAGES': 'Sprachen',
  'ENTITY.LANGUAGE.ID': 'Kürzel',
  'ENTITY.LANGUAGE.NAME': 'Bezeichnung',
};

test.describe('languages and translations', () => {
  test('an administrator adds a language, translates it, switches to it, exports and re-imports it', async ({
    page,
  }) => {
    const code = `de-e${Date.now() % 100000}`;
    await signInByApi(page, 'admin');
    const languages = new EntityGridPage(page);
    const form = new EntityFormPage(page);

    await languages.open('/admin/languages', 'Languages');
    await page.getByRole('button', { name: 'New' }).click();
    await form.expectHeading('New language');
    await form.field('Code').fill(code);
    await form.field('Name').fill(`Deutsch ${code}`);
    await form.save.click();
    await expect(page).toHaveURL(/\/admin\/languages$/);
    await expect(languages.row(code)).toContainText(`Deutsch ${code}`);

    await languages.rowAction(code, 'Translate');
    await expect(
      page.getByRole('heading', { level: 2, name: `Translations: ${code}` }),
    ).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Search keys and texts' });
    for (const [key, text] of Object.entries(german)) {
      await search.fill(key);
      await page.getByRole('textbox', { name: `Translation of ${key}`, exact: true }).fill(text);
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The translations were saved.')).toBeVisible();

    // Without reloading the page: the new language is offered, and switching to it shows its
    // new texts at once (a marker on the window proves no page load happened).
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: `Deutsch ${code}` }).click();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Sprachen' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Kürzel/ })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Bezeichnung/ })).toBeVisible();

    // A text of the language in use, changed, shows as soon as it is saved.
    await languages.rowAction(code, 'Translate');
    await search.fill('ENTITY.LANGUAGE.NAME');
    await page
      .getByRole('textbox', { name: 'Translation of ENTITY.LANGUAGE.NAME', exact: true })
      .fill('Name der Sprache');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.goBack();
    await expect(page.getByRole('columnheader', { name: /Name der Sprache/ })).toBeVisible();
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

    // After a page load too.
    await languages.open('/admin/languages', 'Sprachen');
    await expect(page.getByRole('columnheader', { name: /Name der Sprache/ })).toBeVisible();

    // The CSV file downloads with the texts, and uploads back.
    await page.goto(`/admin/languages/${code}/translations`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`translations-${code}.csv`);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.charCodeAt(0)).toBe(0xfeff);
    expect(file).toContain('ROUTES.LANGUAGES,Languages,Sprachen');
    expect(file).toContain('ENTITY.LANGUAGE.NAME,Name,Name der Sprache');

    await page.getByLabel('Translations file (.csv)').setInputFiles({
      name: `translations-${code}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });
    await expect(page.getByText('3 translations imported, 0 unknown keys.')).toBeVisible();

    // A file of another format is refused inline, with the spec's message.
    await page.getByLabel('Translations file (.csv)').setInputFiles({
      name: 'texts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Text\r\nROUTES.HOME,x\r\n'),
    });
    await expect(page.getByRole('alert')).toContainText('The file is not in the right format');

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'English (UK)' }).click();
  });
});
