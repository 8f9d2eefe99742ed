import { expect, test, type Locator, type Page } from '@playwright/test';
import { DeliveriesHomePage } from './pages/deliveries-home-page';
import { DeliveryPage } from './pages/delivery-page';
import { getDelivery, listDeliveries, staffHome } from './support/deliveries-api';
import { signInByApi } from './support/sign-in';

// A staff member who works without a mouse (WCAG 2.1.1): every step of the day's flow is
// reached with Tab and done with Enter, Space or typing; no click, no fill. employee2's
// deliveries: the other specs change none of them (deliveries.spec only reads one).

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(90_000);

/** What shows a focus: outline, ring, border and background of the control. */
const looks = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.outline, style.boxShadow, style.borderColor, style.backgroundColor].join(' | ');
  });

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab, or Shift+Tab when `target` comes before the focus in the page, until `target`
 * has the focus, and checks the focus can be seen there (the control looks otherwise than
 * without it); fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 80 } = {}) {
  await target.waitFor();
  if (await isFocused(target)) return;
  const back = await target.evaluate(
    (element) =>
      document.activeElement !== null &&
      document.activeElement !== document.body &&
      (element.compareDocumentPosition(document.activeElement) &
        Node.DOCUMENT_POSITION_FOLLOWING) !==
        0,
  );
  const unfocused = await looks(target);
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) {
      const focused = await looks(target);
      expect(focused, 'the focus is visible: the control looks otherwise with it').not.toEqual(
        unfocused,
      );
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses.`);
}

test('a staff member filters, amends, opens, applies and exports with the keyboard alone', async ({
  page,
}) => {
  await signInByApi(page, 'employee2');
  // A site with a few of employee2's deliveries coming up, the latest ones.
  const { rows } = await listDeliveries(page.request, staffHome, { $top: 200 });
  const bySite = new Map<string, number>();
  for (const row of rows) {
    if (row.SiteName) bySite.set(row.SiteName, (bySite.get(row.SiteName) ?? 0) + 1);
  }
  const site = [...bySite.entries()].find(([, count]) => count >= 2)?.[0];
  if (!site) throw new Error('No site with two deliveries of employee2.');

  const home = new DeliveriesHomePage(page);
  await home.open();
  await expect(home.dataRows().first()).toBeVisible();

  // Filter: the Site Name column's value list, one site ticked with Space, applied with Enter.
  await tabTo(page, home.filterButton('Site Name'));
  await page.keyboard.press('Enter');
  const filter = page.getByRole('dialog', { name: /^Filter Site Name/ });
  await expect(filter).toBeVisible();
  await page.keyboard.type(site.slice(0, 12));
  const value = filter.getByRole('checkbox', { name: site, exact: true });
  await tabTo(page, value);
  await page.keyboard.press('Space');
  await expect(value).toBeChecked();
  const listed = home.nextList();
  await tabTo(page, filter.getByRole('button', { name: 'Apply' }));
  await page.keyboard.press('Enter');
  const filtered = await listed;
  await expect(home.filterButton('Site Name', { active: true })).toBeVisible();
  await expect(home.dataRows()).toHaveCount(filtered.value.length);
  expect(filtered.value.length).toBeGreaterThanOrEqual(2);
  const firstId = filtered.value[0]!.Id as number;

  // Amend: the first row ticked with Space, the dialog opened with Enter, a thickness typed.
  const firstRow = home.dataRows().first();
  await tabTo(page, home.rowCheckbox(firstRow));
  await page.keyboard.press('Space');
  await expect(home.amendSelected).toHaveText('Amend selected (1)');
  await tabTo(page, home.amendSelected);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Amend selected deliveries' });
  await expect(dialog).toBeVisible();
  const thickness = dialog.getByRole('textbox', { name: 'Thickness (mm)' });
  await tabTo(page, thickness);
  await page.keyboard.type('60');
  await tabTo(page, dialog.getByRole('button', { name: 'Amend', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/amended/)).toBeVisible();
  expect((await getDelivery(page.request, firstId)).Thickness).toBe(60);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Open: the row itself takes the focus and Enter opens its delivery.
  await tabTo(page, home.dataRows().first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/delivery/${firstId}$`));
  const delivery = new DeliveryPage(page);
  await expect(delivery.heading).toBeVisible();
  await expect(delivery.stateBadge).toBeVisible();

  // Apply: the thickness retyped, the state recomputed, Apply with Enter saves it.
  await tabTo(page, delivery.thickness);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('65');
  await page.keyboard.press('Tab');
  await expect(delivery.thickness).toHaveValue('65');
  await expect(delivery.updating).toHaveCount(0);
  await tabTo(page, delivery.apply);
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /Deliveries/.test(response.url()),
  );
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBeLessThan(400);
  await expect.poll(async () => (await getDelivery(page.request, firstId)).Thickness).toBe(65);

  // Apply goes back home; the page's Back would do the same.
  await page.waitForURL((url) => url.pathname === '/');
  await expect(home.heading).toBeVisible();
  await tabTo(page, home.exportButton);
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await downloading).suggestedFilename()).toBe('deliveries.xlsx');
});
