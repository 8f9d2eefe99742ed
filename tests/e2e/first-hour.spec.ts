import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { EntityFormPage } from './pages/entity-form-page';
import { EntityGridPage } from './pages/entity-grid-page';
import { LoginPage } from './pages/login-page';
import { demoPassword, signInByApi } from './support/sign-in';

/** What a new user meets in the engine's screens, on a laptop and on a phone. */
const screens = [
  { name: 'laptop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function look(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const screen of screens) {
  test.describe(`the first hour on a ${screen.name} (${screen.width}x${screen.height})`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('sign in, filter the users with Active only kept, open a user and save it invalid', async ({
      page,
    }, testInfo) => {
      const login = new LoginPage(page);
      await login.open();
      await login.signIn('admin', demoPassword);
      await expect(page).not.toHaveURL(/\/login$/);

      const users = new EntityGridPage(page);
      await users.open('/admin/users', 'Users');
      const activeOnly = page.getByText('Active only', { exact: true });
      await expect(activeOnly).toBeVisible();
      await users.filterText('User name', 'employee');
      await expect(users.row('employee1')).toBeVisible();
      await expect(users.row('Alex Admin')).toHaveCount(0);
      await expect(activeOnly).toBeVisible();
      await look(page, testInfo, 'users filtered');
      await users.clearFilter('User name');
      await expect(users.row('Alex Admin')).toBeVisible();
      await expect(activeOnly).toBeVisible();

      await users.rowAction('employee1', 'Edit');
      const form = new EntityFormPage(page);
      await form.expectHeading('User: employee1');
      await form.field('User name').fill('');
      await form.save.click();
      const message = page.getByText('Enter the user name.').first();
      await expect(message).toBeInViewport();
      await expect(form.field('User name')).toBeFocused();
      await look(page, testInfo, 'user saved invalid');
    });

    test('an inactive unit stays out through a column filter until Active only is removed', async ({
      page,
    }, testInfo) => {
      await signInByApi(page, 'admin');
      const code = `IN${screen.width}${Date.now() % 100000}`;
      const saved = await page.request.post('/api/units/SaveUnit', {
        data: { Id: 0, Code: code, Name: 'Closed plant', Active: false },
      });
      expect(saved.status()).toBe(200);

      const units = new EntityGridPage(page);
      await units.open('/admin/units', 'Units');
      await units.filterText('Code', code);
      await expect(page.getByText('No Results Found!')).toBeVisible();
      await units.clearFilter('Code');
      await expect(units.row(code)).toHaveCount(0);
      await expect(units.dataRows().first()).toBeVisible();

      await page.getByRole('button', { name: 'Clear the default filter' }).click();
      await expect(units.row(code)).toBeVisible();
      await look(page, testInfo, 'units without Active only');
      await page.getByRole('button', { name: 'Restore “Active only”' }).click();
      await expect(units.row(code)).toHaveCount(0);
    });

    test('a company contact is added with a labelled button and saved', async ({
      page,
    }, testInfo) => {
      await signInByApi(page, 'admin');
      const companies = new EntityGridPage(page);
      await companies.open('/admin/companies', 'Companies');
      await companies.rowAction('Demo Surfacing Ltd', 'Edit');
      const form = new EntityFormPage(page);
      await form.expectHeading('Company: Demo Surfacing Ltd');

      const before = await page.getByText(/^Contact \d+$/).count();
      await page.getByRole('button', { name: 'Add contact' }).click();
      const added = `Contact ${before + 1}`;
      await expect(page.getByText(added, { exact: true })).toBeVisible();
      await form.save.click();
      // The new contact has no name yet: the message says which contact and what to do.
      await expect(page.getByText(`${added}: Enter the name.`)).toBeVisible();
      await look(page, testInfo, 'company contact missing its name');

      const name = `Site office ${screen.name}`;
      await page.getByRole('textbox', { name: 'Name', exact: true }).last().fill(name);
      await form.save.click();
      await expect(page.getByText('Saved.')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/companies$/);

      await companies.rowAction('Demo Surfacing Ltd', 'Edit');
      await expect(page.getByRole('textbox', { name: 'Name', exact: true }).last()).toHaveValue(
        name,
      );
    });
  });
}
