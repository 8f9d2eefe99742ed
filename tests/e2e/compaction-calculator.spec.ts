import { expect, test } from '@playwright/test';
import { CompactionCalculatorPage } from './pages/compaction-calculator-page';
import { ShellPage } from './pages/shell-page';
import { signInByApi } from './support/sign-in';

test('staff compare two lifts in the compaction calculator', async ({ page }) => {
  await signInByApi(page, 'employee1');
  const shell = new ShellPage(page);
  await shell.open('/');
  await shell.cookieBanner.getByRole('button', { name: 'OK, got it' }).click();
  await shell.menu.getByRole('link', { name: 'Compaction calculator' }).click();

  const calculator = new CompactionCalculatorPage(page);
  await expect(page).toHaveURL(/\/compaction\/calculator$/);
  await expect(page).toHaveTitle('Compaction calculator – Asphalt Delivery Scheduler');
  await expect(calculator.heading).toBeVisible();
  await expect(calculator.scenario('A')).toContainText('available for compaction');
  await calculator.settled();

  const first = await calculator.minutes('A');
  expect(first).toBeGreaterThan(5);
  expect(first).toBeLessThan(40);
  await expect(calculator.scenario('A')).toContainText(`${first} min`);
  expect(await calculator.minutes('B')).toBeGreaterThan(first);
  const firstCurve = await calculator.meanCurve('A');
  expect(firstCurve).toBeTruthy();

  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/compaction/calculate') &&
      response.request().postDataJSON().ThicknessMm === 60,
  );
  await calculator.thicknessInput('A').fill('60');
  expect((await answered).status()).toBe(200);
  await expect.poll(() => calculator.minutes('A')).toBeGreaterThan(first);
  await calculator.settled();
  const typed = await calculator.minutes('A');
  await expect.poll(() => calculator.meanCurve('A')).not.toBe(firstCurve);
  await expect(calculator.thicknessSlider('A')).toHaveAttribute('aria-valuenow', '60');

  const typedCurve = await calculator.meanCurve('A');
  await calculator.thicknessSlider('A').focus();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
  await expect(calculator.thicknessInput('A')).toHaveValue('65');
  await expect.poll(() => calculator.minutes('A')).toBeGreaterThan(typed);
  await expect.poll(() => calculator.meanCurve('A')).not.toBe(typedCurve);

  await calculator.scenario('B').getByRole('button', { name: 'Copy A to B' }).click();
  await expect(calculator.thicknessInput('B')).toHaveValue('65');
  await calculator.settled();
  const copied = await calculator.minutes('A');
  await expect.poll(() => calculator.minutes('B')).toBe(copied);

  const additive = calculator.scenario('B').getByRole('switch', { name: 'Warm-mix additive' });
  await expect(additive).not.toBeChecked();
  await additive.check();
  await expect.poll(() => calculator.minutes('B')).toBeGreaterThan(copied);
  await expect(calculator.scenario('B')).toContainText('lowered for the additive');
});
