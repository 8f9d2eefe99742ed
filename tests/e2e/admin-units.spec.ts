import { expect, test } from '@playwright/test';
import { materialCodeMessages } from '../../metadata';
import { EntityFormPage } from './pages/entity-form-page';
import { EntityGridPage } from './pages/entity-grid-page';
import { signInByApi } from './support/sign-in';

test.describe('administration through the engine', () => {
  test('an administrator creates a unit, finds it by a column filter, edits it and sees the change in the audit log', async ({
    page,
  }) => {
    const code = `E2E${Date.now() % 100000}`;
    await signInByApi(page, 'admin');
    const units = new EntityGridPage(page);
    const form = new EntityFormPage(page);

    await units.open('/admin/units', 'Units');
    await page.getByRole('button', { name: 'New' }).click();
    await form.expectHeading('New unit');
    await form.field('Code').fill(code);
    await form.field('Name').fill('Test plant');
    await form.save.click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/units$/);

    await units.filterText('Code', code);
    await expect(units.dataRows()).toHaveCount(1);
    await expect(units.row(code)).toContainText('Test plant');

    await units.rowAction(code, 'Edit');
    await form.expectHeading(`Unit: ${code}`);
    await expect(form.field('Code')).toHaveValue(code);
    await form.field('Name').fill('Test plant (renamed)');
    await form.save.click();
    await expect(page).toHaveURL(/\/admin\/units$/);

    const audit = new EntityGridPage(page);
    await audit.open('/admin/auditlog', 'Audit log');
    await audit.filterText('Type', 'Unit');
    // A list column's text is cut at 32 characters with an ellipsis (spec).
    const entry = audit.row('Name: Test plant → Test plant (r…');
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('admin');
    await expect(entry).toContainText('Update');
  });

  test('a material code identical to an active pattern is refused with the exact message', async ({
    page,
  }) => {
    await signInByApi(page, 'admin');
    const form = new EntityFormPage(page);
    await page.goto('/admin/material/0');
    await form.expectHeading('New material');
    // Typed in lower case with a stray character: the field keeps digits, capitals, space and ?.
    await form.field('Code').pressSequentially('ac 10 close-surf');
    await expect(form.field('Code')).toHaveValue('AC 10 CLOSESURF');
    await form.field('Code').fill('AC 10 CLOSE SURF');
    await form.field('Name').fill('Copy of an existing mix');
    await form.save.click();
    await expect(form.errors).toContainText(materialCodeMessages.activeMatch);
    await expect(page).toHaveURL(/\/admin\/material\/0$/);
  });
});
