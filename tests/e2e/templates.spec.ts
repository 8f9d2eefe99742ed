import { expect, test } from '@playwright/test';
import { demoAccounts } from '../../metadata';
import { EntityFormPage } from './pages/entity-form-page';
import { EntityGridPage } from './pages/entity-grid-page';
import { waitForMail } from './support/mailbox';
import { signInByApi } from './support/sign-in';

const admin = demoAccounts.find((account) => account.Name === 'admin')!;

test.describe('e-mail templates', () => {
  test('an administrator writes a template in the rich-text editor, saves it and mails it to themselves', async ({
    page,
  }) => {
    const code = `E2eNotice${Date.now() % 100000}`;
    await signInByApi(page, 'admin');
    const templates = new EntityGridPage(page);
    const form = new EntityFormPage(page);

    await templates.open('/admin/templates', 'E-mail templates');
    await page.getByRole('button', { name: 'New' }).click();
    await form.expectHeading('New e-mail template');
    await form.field('Code').fill(code);
    await form.field('Title').fill('Site notice');
    await form.field('Subject').fill('Notice from ');
    // A parameter goes in at the caret of the field last edited.
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Site');
    await form.field('Subject').click();
    await page.getByRole('button', { name: '{{Site}}' }).click();
    await expect(form.field('Subject')).toHaveValue('Notice from {{Site}}');

    const body = page.locator('.ProseMirror');
    await body.click();
    await page.keyboard.type('Work starts on Monday. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Wear boots');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('. Site: ');
    await page.getByRole('button', { name: '{{Site}}' }).click();
    await expect(body.locator('strong')).toHaveText('Wear boots');
    await expect(body).toContainText('Wear boots. Site: {{Site}}');

    const frame = page.frameLocator('iframe[title="Formatted mail"]');
    await expect(frame.locator('strong')).toHaveText('Wear boots');
    await expect(page.getByText('Notice from [Site]')).toBeVisible();

    await form.save.click();
    await expect(page.getByText('The e-mail template was saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/templates$/);

    await templates.filterText('Code', code);
    await templates.rowAction(code, 'Edit');
    await form.expectHeading('E-mail template: Site notice');
    await expect(page.locator('.ProseMirror strong')).toHaveText('Wear boots');

    const since = Date.now();
    await page.getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByText('The test mail was sent to your e-mail address.')).toBeVisible();
    const mail = await waitForMail(admin.Email, { since });
    expect(mail.subject).toBe('[Test] Notice from [Site]');
    expect(mail.html).toContain('<strong>Wear boots</strong>');
    expect(mail.text).toContain('Work starts on Monday. Wear boots. Site: [Site]');
  });
});
