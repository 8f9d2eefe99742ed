import { expect, type Page, test } from '@playwright/test';
import { CompactionCalculatorPage } from './pages/compaction-calculator-page';
import { ShellPage } from './pages/shell-page';
import { e2eSmtpPort, waitForMail } from './support/mailbox';
import { signInByApi } from './support/sign-in';

/** Minutes of both scenarios of the calculator as it opens (B has the warm-mix additive). */
async function calculatorMinutes(page: Page) {
  const calculator = new CompactionCalculatorPage(page);
  await page.goto('/compaction/calculator');
  await expect(calculator.heading).toBeVisible();
  await expect(calculator.summary).toContainText('min');
  await calculator.settled();
  return { A: await calculator.minutes('A'), B: await calculator.minutes('B') };
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('tab', { name: tab, exact: true }).click();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The settings were saved.')).toBeVisible();
}

test('an administrator changes a compaction setting, sees the calculator follow, resets it and sends a test mail', async ({
  page,
}) => {
  await signInByApi(page, 'admin');
  const shell = new ShellPage(page);
  await shell.open('/');
  await shell.cookieBanner.getByRole('button', { name: 'OK, got it' }).click();
  const before = await calculatorMinutes(page);

  await openSettingsTab(page, 'Compaction');
  const allowance = page.getByRole('textbox', { name: 'Warm-mix allowance' });
  await expect(allowance).toHaveValue('15');
  await allowance.fill('30');
  await expect(page.getByText('Unsaved changes: 1')).toBeVisible();
  await save(page);

  // A larger allowance lowers the warm mix's stop temperature: more time for B, none for A.
  const after = await calculatorMinutes(page);
  expect(after.B).toBeGreaterThan(before.B);
  expect(after.A).toBe(before.A);

  await openSettingsTab(page, 'Compaction');
  await expect(allowance).toHaveValue('30');
  await page.getByRole('button', { name: 'Reset to default: Warm-mix allowance' }).click();
  await expect(allowance).toHaveValue('15');
  await save(page);
  expect(await calculatorMinutes(page)).toEqual(before);

  // A test mail with values not saved: the e2e SMTP capture, to a test address.
  const address = `settings-${Date.now()}@example.com`;
  const since = Date.now();
  await openSettingsTab(page, 'E-mail');
  await page.getByRole('textbox', { name: 'Test mail address' }).fill(address);
  await page.getByRole('textbox', { name: 'SMTP host' }).fill('127.0.0.1');
  await page.getByRole('textbox', { name: 'SMTP port' }).fill(String(e2eSmtpPort));
  await page.getByRole('combobox', { name: 'Connection security' }).click();
  await page.getByRole('option', { name: 'None' }).click();
  await page.getByRole('button', { name: 'Send test mail' }).click();
  await expect(page.getByText(`A test mail was sent to ${address}.`)).toBeVisible();
  const mail = await waitForMail(address, { since });
  expect(mail.subject).toBe('Test mail from Asphalt Delivery Scheduler');
  expect(mail.text).toContain('mail from Asphalt Delivery Scheduler reaches this address');
  // Nothing was saved by the test.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('textbox', { name: 'SMTP host' })).toHaveValue('');
});
