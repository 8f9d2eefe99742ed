import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell-page';

test('a user reports a problem: mistakes are explained, the report is sent', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open('/about/reportaproblem');
  const form = shell.main;

  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(form.getByText('Choose how serious the problem is.')).toBeVisible();
  await expect(form.getByText('Describe what went wrong.')).toBeVisible();

  await form.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'System failure' }).click();
  await form.getByRole('textbox', { name: 'Time it happened' }).fill('07:45');
  await form.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await form.getByRole('textbox', { name: 'Name' }).fill('Sam Driver');
  await form.getByRole('textbox', { name: 'What happened' }).fill('The grid froze after export.');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(
    form.getByText('Enter a valid email address, for example name@example.com.'),
  ).toBeVisible();

  await form.getByRole('textbox', { name: 'Email' }).fill('sam.driver@example.co.uk');
  const sent = page.waitForRequest('**/api/reportaproblem/send');
  const answered = page.waitForResponse('**/api/reportaproblem/send');
  await form.getByRole('button', { name: 'Send report' }).click();

  expect((await sent).postDataJSON()).toMatchObject({
    Severity: 'SystemFailure',
    Time: '07:45',
    Email: 'sam.driver@example.co.uk',
    Name: 'Sam Driver',
    ErrorLog: 'The grid froze after export.',
    Language: 'en-gb',
  });
  const response = await answered;
  expect(response.status()).toBe(200);
  expect((await response.json()).Id).toBeGreaterThan(0);
  await expect(page.getByText('Thank you. Your report has been sent.')).toBeVisible();
  // An anonymous reporter is taken back towards the home page, which asks them to sign in.
  await expect(page).toHaveURL(/\/login$/);
});
