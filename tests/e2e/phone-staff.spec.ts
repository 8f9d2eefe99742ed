import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './support/sign-in';

// A crew member on a road, on a 390x844 phone: the home page is a list of cards drawn by the
// grid engine (the deliveries page's card fields), its switches in a drawer, amend and export
// on the page, a card opening its delivery, and the user menu one tap away in the header.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const shots = process.env.E2E_RESULTS ?? 'test-results';

/** How far the page reaches beyond 390 px, sideways (a grid may scroll in its own frame only). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The next page of the home's list the grid asks for (not the map's or a pushed row's). */
const nextList = (page: Page, where: (url: URL) => boolean = () => true) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname.includes('GetDeliveriesForCurrentUser') &&
      url.searchParams.get('$count') === 'true' &&
      where(url)
    );
  });

test('a crew member reads, filters, amends and opens deliveries as cards on a phone', async ({
  page,
}) => {
  // About 30 s on its own; axe and the amend take longer on a loaded machine.
  test.setTimeout(60_000);
  await signInByApi(page, 'employee1');
  const listed = nextList(page);
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();
  expect((await listed).status()).toBe(200);

  // The deliveries as cards, each named by its site, with the state, minutes and weather.
  const cards = main.getByRole('list', { name: 'Deliveries' });
  const first = cards.getByRole('listitem').first();
  await expect(first).toBeVisible();
  await expect(main.getByRole('table')).toHaveCount(0);
  await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
  const labels = ['State', 'Time for compaction', 'Material', 'Date', 'Time', 'Qty'];
  for (const label of [...labels, 'Weather forecast']) {
    await expect(first.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(
    first.getByRole('img', { name: /^(RED|AMBER|GREEN|BLUE|YELLOW|NO STATE)/ }),
  ).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'OK, got it' }).click();
  await page.getByRole('button', { name: 'States' }).click();
  await page.screenshot({ path: `${shots}/home-390-cards.png` });

  // Nothing critical or serious in the cards and their sort.
  const { violations } = await new AxeBuilder({ page })
    .include('[role="list"][aria-label="Deliveries"]')
    .include('main select')
    .analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html}`));
  expect(grave).toEqual([]);

  // The switches in a drawer behind "Filters", which counts those narrowing the list.
  const filters = main.getByRole('button', { name: 'Filters (3 on)' });
  await expect(main.getByRole('switch', { name: 'Show past' })).toHaveCount(0);
  await filters.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await page.screenshot({ path: `${shots}/home-390-filters.png` });
  const withPast = nextList(page, (url) => url.searchParams.get('ShowPast') === 'true');
  await drawer.getByRole('switch', { name: 'Show past' }).click();
  expect((await withPast).status()).toBe(200);
  await drawer.getByRole('button', { name: 'Show deliveries' }).click();
  await expect(drawer).toBeHidden();
  await expect(main.getByRole('button', { name: 'Filters (2 on)' })).toBeVisible();

  // Amend and export stay on the page; a card's checkbox selects it for amending.
  await expect(main.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  const card = cards.getByRole('listitem').first();
  const site = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
  await card.getByRole('checkbox', { name: `Select ${site}` }).check();
  const amend = main.getByRole('button', { name: 'Amend selected (1)' });
  await amend.click();
  const dialog = page.getByRole('dialog', { name: 'Amend selected deliveries' });
  const thickness = dialog.getByRole('textbox', { name: 'Thickness (mm)' });
  await thickness.fill('45');
  await thickness.press('Tab');
  await dialog.getByRole('button', { name: 'Amend', exact: true }).click();
  await expect(dialog.getByText('1 delivery amended')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // A tap on a card opens its delivery.
  await cards.getByRole('listitem').first().getByText('Material', { exact: true }).tap();
  await expect(page).toHaveURL(/\/delivery\/\d+$/);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  // The user menu, with Sign out, is one tap from the header.
  await page.getByRole('banner').getByRole('button', { name: 'Eddie North' }).tap();
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(signOut).toBeInViewport();
  await signOut.tap();
  await expect(page).toHaveURL(/\/login$/);
});
