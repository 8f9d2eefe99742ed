import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { defaultTexts, deliveryEntity } from '#metadata';
import { DeliveriesHomePage, stateName } from './pages/deliveries-home-page';
import { DeliveryPage, type StateName } from './pages/delivery-page';
import {
  getDelivery,
  gridDay,
  listDeliveries,
  offersInputChange,
  signInRequest,
  staffHome,
  todayInUk,
  unitCodesOf,
  whatIfState,
  type ListedDelivery,
} from './support/deliveries-api';
import { signInByApi } from './support/sign-in';

// The specs share one server and its demo data (see playwright.config.ts). These tests change
// only deliveries no other spec reads, and none another test here reads or changes: the
// delivery page's is one whose material takes the additive, the amended ones one whose material
// does not, and the administrator's pushed change one of a unit neither employee works for.

test.use({ viewport: { width: 1440, height: 900 } });

/** A full-page screenshot in the test's output, the cookie notice dismissed so it hides nothing. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  if (await notice.isVisible()) {
    await notice.getByRole('button', { name: 'OK, got it' }).click();
    await expect(notice).toBeHidden();
  }
  const path = testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const dayOfGrid = (text: string) => text.split('/').reverse().join('-');
const stateNamePattern = /\b(RED|AMBER|GREEN|YELLOW|BLUE)\b/;

/** "Mainly clear, 5 °C, wind 15 km/h": the whole degrees and km/h the weather cell says. */
function forecastFigures(label: string): { temperature: number; wind: number } {
  const temperature = /(-?\d+) °C/.exec(label)?.[1];
  const wind = /wind (\d+) km\/h/.exec(label)?.[1];
  if (temperature === undefined || wind === undefined) {
    throw new Error(`No temperature or wind in "${label}".`);
  }
  return { temperature: Number(temperature), wind: Number(wind) };
}

/** An OData literal for an instant: whole seconds, as the parser reads them. */
const instant = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

test.describe('deliveries as employee1', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page, 'employee1');
  });

  test('the home lists only Mine deliveries from today on, with the initial filters', async ({
    page,
    request,
  }, testInfo) => {
    await signInRequest(request, 'admin');
    const mine = await unitCodesOf(request, 'employee1');
    expect(mine.length).toBeGreaterThan(0);

    const home = new DeliveriesHomePage(page);
    const first = await home.open();
    await expect(home.units.getByRole('radio', { name: 'Mine' })).toBeChecked();
    await expect(home.showPast).not.toBeChecked();
    await expect(home.activeUnitsOnly).toBeChecked();
    expect(first.value.length).toBeGreaterThan(0);
    await expect(home.dataRows()).toHaveCount(first.value.length);

    for (const unit of await home.columnValues('Prod Id')) expect(mine).toContain(unit);
    const today = todayInUk();
    for (const day of await home.columnValues('Date')) {
      expect(dayOfGrid(day) >= today, `${day} is today or later`).toBe(true);
    }
    // Counted apart from the grid's own Mine: the user's units as the users screen has them.
    const units = mine.map((code) => `UnitCode eq '${code}'`).join(' or ');
    const expected = await listDeliveries(
      page.request,
      { ShowPast: true, MineOnly: false, ActiveUnitsOnly: true },
      { $filter: `(${units}) and DeliveryDate ge ${today}`, $top: 1, $select: 'Id' },
    );
    expect(await home.count()).toBe(expected.count);
    await expect(page.getByText('There are no mine deliveries.')).toHaveCount(0);
    await look(page, testInfo, 'deliveries home');
  });

  test('a temperature and wind range, then a site from the value list, filter the rows', async ({
    page,
  }) => {
    const { rows: forecast } = await listDeliveries(page.request, staffHome, {
      $filter: 'WeatherForecastTemperature ne null and WindSpeed ne null',
      $top: 1,
    });
    const sample = forecast[0];
    if (!sample) throw new Error('No delivery of employee1 has a forecast.');
    const home = new DeliveriesHomePage(page);
    await home.open();
    const air = Math.round(sample.WeatherForecastTemperature!);
    const wind = Math.round(sample.WindSpeed!);
    const temperatures = { from: air - 1, to: air + 1 };
    const winds = { from: Math.max(0, wind - 5), to: wind + 5 };

    const dialog = await home.openFilter('Weather forecast');
    await home.fillRange(dialog, 'Temperature (°C)', temperatures.from, temperatures.to);
    await home.fillRange(dialog, 'Wind speed (km/h)', winds.from, winds.to);
    const byWeather = await home.applyFilter(dialog, 'Weather forecast');
    expect(byWeather.value.length).toBeGreaterThan(0);
    await expect(home.dataRows()).toHaveCount(byWeather.value.length);

    const weather =
      `WeatherForecastTemperature ge ${temperatures.from} and ` +
      `WeatherForecastTemperature le ${temperatures.to} and ` +
      `WindSpeed ge ${winds.from} and WindSpeed le ${winds.to}`;
    const expectRowsInRange = async () => {
      for (const label of await home.columnValues('Weather forecast', 'name')) {
        const figures = forecastFigures(label);
        expect(figures.temperature).toBeGreaterThanOrEqual(temperatures.from);
        expect(figures.temperature).toBeLessThanOrEqual(temperatures.to);
        expect(figures.wind).toBeGreaterThanOrEqual(winds.from);
        expect(figures.wind).toBeLessThanOrEqual(winds.to);
      }
    };
    await expectRowsInRange();
    const inRange = await listDeliveries(page.request, staffHome, { $filter: weather, $top: 1 });
    expect(await home.count()).toBe(inRange.count);

    const site = (await (await home.cell(home.dataRows().first(), 'Site Name')).innerText()).trim();
    const bySite = await home.filterValues('Site Name', [site]);
    await expect(home.dataRows()).toHaveCount(bySite.value.length);
    const sites = await home.columnValues('Site Name');
    expect(sites.length).toBeGreaterThan(0);
    expect(new Set(sites)).toEqual(new Set([site]));
    await expectRowsInRange();
    await expect(home.filterButton('Weather forecast', { active: true })).toBeVisible();
    await expect(home.filterButton('Site Name', { active: true })).toBeVisible();
    const both = await listDeliveries(page.request, staffHome, {
      $filter: `${weather} and SiteName eq '${site.replaceAll("'", "''")}'`,
      $top: 1,
    });
    expect(await home.count()).toBe(both.count);
  });

  test('a delivery follows its inputs through RED, GREEN and YELLOW, takes a suggestion and is saved to the grid', async ({
    page,
  }, testInfo) => {
    // One still to come (suggestions are for those), whose material takes the additive: RED at
    // 20 mm without it, GREEN thicker, YELLOW at 20 mm with it.
    const soon = instant(new Date(Date.now() + 2 * 3_600_000));
    const { rows: candidates } = await listDeliveries(page.request, staffHome, {
      $filter: `CanAddEvotherm eq true and StartTime0 ge ${soon}`,
      $top: 200,
    });
    let chosen: { delivery: ListedDelivery; green: number } | undefined;
    for (const delivery of candidates) {
      const at = (Thickness: number, EvoThermAllowed = false) =>
        whatIfState(page.request, delivery, { Thickness, EvoThermAllowed });
      if ((await at(20)) !== 'R' || (await at(20, true)) !== 'Y') continue;
      let green: number | undefined;
      for (let mm = 30; mm <= 60 && green === undefined; mm += 5) {
        if ((await at(mm)) === 'G') green = mm;
      }
      if (green === undefined) continue;
      if (
        !(await offersInputChange(page.request, delivery, {
          Thickness: 20,
          EvoThermAllowed: false,
        }))
      )
        continue;
      chosen = { delivery, green };
      break;
    }
    if (!chosen) throw new Error('No delivery of employee1 turns RED, GREEN and YELLOW.');
    const { delivery: target, green } = chosen;

    const detail = new DeliveryPage(page);
    await detail.open(target.Id);
    await expect(detail.facts).toContainText(target.SiteName ?? '');
    await expect(detail.facts).toContainText(target.Time ?? '');
    await detail.setAdditive(false);
    await detail.setThickness(20);
    await detail.expectState('RED');
    await detail.setThickness(green);
    await detail.expectState('GREEN');
    await detail.setThickness(20);
    await detail.expectState('RED');
    await detail.setAdditive(true);
    await detail.expectState('YELLOW');
    await detail.setAdditive(false);
    await detail.expectState('RED');

    const suggestion = detail.applicableSuggestions().first();
    await expect(suggestion).toBeVisible();
    const promised = stateNamePattern.exec(await suggestion.innerText())?.[1] as
      StateName | undefined;
    if (!promised) throw new Error('The suggestion names no state.');
    expect(promised).not.toBe('RED');
    await look(page, testInfo, 'delivery page');
    await suggestion.getByRole('button', { name: 'Apply suggestion' }).click();
    await detail.expectState(promised);
    const inputs = {
      OutputTemperature: Number(await detail.outputTemperature.inputValue()),
      Thickness: Number(await detail.thickness.inputValue()),
      EvoThermAllowed: await detail.additive.isChecked(),
    };

    const home = new DeliveriesHomePage(page);
    const listed = home.nextList();
    await detail.apply.click();
    await expect(page.getByText('Delivery saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await listed;
    await home.filterValues('Site Name', [target.SiteName ?? '']);
    await home.filterValues('Time', [target.Time ?? '']);
    const row = home.dataRows().filter({ hasText: gridDay(target.DeliveryDate) });
    await expect(row).toHaveCount(1);
    await expect(await home.stateBadge(row)).toHaveAccessibleName(new RegExp(`^${promised}\\b`));

    const saved = await getDelivery(page.request, target.Id);
    expect(stateName(saved.State)).toBe(promised);
    expect(saved).toMatchObject(inputs);
  });

  test('a delivery of another unit is shown read-only with the NOTMINE message', async ({
    page,
    request,
  }) => {
    await signInRequest(request, 'admin');
    const mine = await unitCodesOf(request, 'employee1');
    const theirs = await unitCodesOf(request, 'employee2');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((code) => mine.includes(code))).toEqual([]);
    const units = theirs.map((code) => `UnitCode eq '${code}'`).join(' or ');
    const { rows } = await listDeliveries(
      page.request,
      { ...staffHome, MineOnly: false },
      { $filter: `Mine eq 0 and (${units})`, $top: 1 },
    );
    const other = rows[0];
    if (!other) throw new Error('No delivery of employee2 to open.');

    const detail = new DeliveryPage(page);
    await detail.open(other.Id);
    await expect(detail.notMine).toBeVisible();
    await expect(detail.facts).toContainText(other.UnitCode ?? '');
    await expect(detail.thickness).not.toBeEditable();
    await expect(detail.outputTemperature).not.toBeEditable();
    await expect(detail.additive).toBeDisabled();
    await expect(detail.stateSection.getByRole('button', { name: /: (up|down) 5$/ })).toHaveCount(
      0,
    );
    await expect(detail.apply).toHaveCount(0);
    await expect(detail.back).toBeVisible();
  });

  test('Export downloads the Mine deliveries from today on as a spreadsheet', async ({
    page,
    request,
  }, testInfo) => {
    await signInRequest(request, 'admin');
    const mine = await unitCodesOf(request, 'employee1');
    const home = new DeliveriesHomePage(page);
    await home.open();

    const downloading = page.waitForEvent('download');
    await home.exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('deliveries.xlsx');
    const path = testInfo.outputPath('deliveries.xlsx');
    await download.saveAs(path);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('The export has no sheet.');
    expect(sheet.name).toBe('Deliveries');
    // The sheet's columns are the home grid's, titled as the grid titles them.
    const gridTitles = [...deliveryEntity.grid.Columns]
      .sort((a, b) => a.Order - b.Order)
      .map((column) => defaultTexts[column.Title]);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(gridTitles);
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) rows.push(row);
    });
    const expected = await listDeliveries(page.request, staffHome, { $top: 1, $select: 'Id' });
    expect(expected.count).toBeGreaterThan(0);
    expect(rows.length).toBe(expected.count);
    const today = todayInUk();
    for (const row of rows) {
      expect(mine).toContain(row.getCell(6).value);
      const day = row.getCell(1).value;
      expect(day).toBeInstanceOf(Date);
      expect((day as Date).toISOString().slice(0, 10) >= today).toBe(true);
    }
  });

  test('Amend selected sets the thickness of three deliveries and lists their states', async ({
    page,
  }) => {
    // A material that does not take the additive: none of these is the delivery page's.
    const { rows: sample } = await listDeliveries(page.request, staffHome, {
      $filter: 'CanAddEvotherm eq false',
      $top: 200,
      $select: 'Id,MaterialCode',
    });
    const material = sample[0]?.MaterialCode;
    if (!material) throw new Error('No delivery of employee1 without the additive.');
    const quoted = material.replaceAll("'", "''");
    const additive = await listDeliveries(page.request, staffHome, {
      $filter: `MaterialCode eq '${quoted}' and CanAddEvotherm eq true`,
      $top: 1,
    });
    expect(additive.count).toBe(0);

    const home = new DeliveriesHomePage(page);
    await home.open();
    const listed = await home.filterValues('Material', [material]);
    const picked = listed.value.slice(0, 3) as unknown as ListedDelivery[];
    expect(picked).toHaveLength(3);
    await expect(home.dataRows()).toHaveCount(listed.value.length);
    for (let index = 0; index < 3; index++) {
      await home.rowCheckbox(home.dataRows().nth(index)).check();
    }
    await expect(home.amendSelected).toHaveText('Amend selected (3)');
    await home.amendSelected.click();

    const dialog = page.getByRole('dialog', { name: 'Amend selected deliveries' });
    await expect(dialog).toBeVisible();
    const thickness = dialog.getByRole('textbox', { name: 'Thickness (mm)' });
    await thickness.fill('45');
    await thickness.press('Tab');
    await expect(thickness).toHaveValue('45');
    await dialog.getByRole('button', { name: 'Amend', exact: true }).click();

    const results = dialog.getByRole('table');
    await expect(results.getByText('3 deliveries amended')).toBeVisible();
    const resultRows = results.locator('tbody').getByRole('row');
    await expect(resultRows).toHaveCount(3);
    const shown: string[] = [];
    for (const row of await resultRows.all()) {
      const who = (await row.getByRole('rowheader').innerText()).replace(/\s+/g, ' ').trim();
      const [before, after] = await row.getByRole('img').all();
      const label = async (badge: typeof before) =>
        stateNamePattern.exec((await badge?.getAttribute('aria-label')) ?? '')?.[1] ?? '';
      shown.push(`${who} | ${await label(before)} -> ${await label(after)}`);
    }
    const expected: string[] = [];
    for (const delivery of picked) {
      const now = await getDelivery(page.request, delivery.Id);
      expect(now.Thickness).toBe(45);
      expected.push(
        `${delivery.UniqueId1} ${delivery.SiteName} | ` +
          `${stateName(delivery.State)} -> ${stateName(now.State)}`,
      );
    }
    expect(shown.sort()).toEqual(expected.sort());

    await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the map groups the deliveries, zooms into a group by keyboard and opens a delivery', async ({
    page,
  }, testInfo) => {
    const home = new DeliveriesHomePage(page);
    await home.open();
    await home.showAs('Map');
    await expect(page).toHaveURL(/[?&]view=map\b/);
    await expect(home.main.getByText(/^\d+ deliveries on the map$/)).toBeVisible();
    await expect(home.mapGroups().or(home.mapDeliveries()).first()).toBeVisible();
    await look(page, testInfo, 'deliveries map');

    // Enter on the largest group zooms to where it splits, until a delivery is offered: a point,
    // or the list of a group whose deliveries share one place (a site's deliveries do).
    const markers = async () => (await home.map.getByRole('button').allInnerTexts()).join('|');
    const groupSize = async (group: Locator) =>
      Number(/^Group of (\d+)/.exec((await group.getAttribute('aria-label')) ?? '')?.[1]);
    let zooms = 0;
    for (let step = 0; step < 12 && (await home.mapDeliveries().count()) === 0; step++) {
      let largest: { group: Locator; size: number } | undefined;
      for (const group of await home.mapGroups().all()) {
        const size = await groupSize(group);
        if (!largest || size > largest.size) largest = { group, size };
      }
      if (!largest) throw new Error('The map shows neither a delivery nor a group.');
      const before = await markers();
      await largest.group.focus();
      await largest.group.press('Enter');
      await expect
        .poll(async () => (await home.mapDeliveries().count()) > 0 || (await markers()) !== before)
        .toBe(true);
      if (!(await home.map.getByRole('group', { name: /deliveries here$/ }).isVisible())) zooms++;
    }
    // The largest group of the whole map spans several sites: the first Enter zoomed in.
    expect(zooms).toBeGreaterThan(0);
    const point = home.mapDeliveries().first();
    const label = (await point.getAttribute('aria-label')) ?? '';
    const parts = /^Delivery (.+), (\d{2}\/\d{2}\/\d{4}) (\d{2}:\d{2}), ([A-Z ]+)$/.exec(label);
    if (!parts) throw new Error(`Unexpected point name "${label}".`);
    const [, site, day, time, state] = parts as unknown as [string, string, string, string, string];
    await point.focus();
    await point.press('Enter');

    await expect(page).toHaveURL(/\/delivery\/\d+$/);
    const id = Number(/\/delivery\/(\d+)$/.exec(page.url())?.[1]);
    const detail = new DeliveryPage(page);
    await expect(detail.heading).toBeVisible();
    await expect(detail.facts).toContainText(site);
    await expect(detail.facts).toContainText(time);
    const opened = await getDelivery(page.request, id);
    expect(opened).toMatchObject({ SiteName: site, Time: time, Mine: 1 });
    expect(gridDay(opened.DeliveryDate)).toBe(day);
    expect(stateName(opened.State)).toBe(state);
  });

  test('a delivery filtered in the grid is one point on the map, whose details open it', async ({
    page,
  }) => {
    const { rows } = await listDeliveries(page.request, staffHome, {
      $filter: 'SiteName ne null and Time ne null and Latitude ne null',
      $top: 1,
    });
    const target = rows[0];
    if (!target) throw new Error('No delivery of employee1 with a place.');
    const day = gridDay(target.DeliveryDate);
    const home = new DeliveriesHomePage(page);
    await home.open();
    const dates = await home.openFilter('Date');
    await dates.getByRole('textbox', { name: 'From' }).fill(day);
    await dates.getByRole('textbox', { name: 'To' }).fill(day);
    await home.applyFilter(dates, 'Date');
    await home.filterValues('Site Name', [target.SiteName ?? '']);
    await home.filterValues('Time', [target.Time ?? '']);
    await expect(home.dataRows()).toHaveCount(1);

    await home.showAs('Map');
    await expect(home.main.getByText('1 delivery on the map', { exact: true })).toBeVisible();
    const name = `Delivery ${target.SiteName}, ${day} ${target.Time}, ${stateName(target.State)}`;
    const point = home.map.getByRole('button', { name, exact: true });
    await expect(point).toBeVisible();
    await expect(home.mapGroups()).toHaveCount(0);
    await point.focus();
    await point.press(' ');
    const details = home.map.getByRole('group', { name, exact: true });
    await expect(details).toBeVisible();
    await expect(details).toContainText(target.MaterialCode);
    await details.getByRole('button', { name: 'Open delivery' }).click();

    await expect(page).toHaveURL(new RegExp(`/delivery/${target.Id}$`));
    await expect(new DeliveryPage(page).facts).toContainText(target.SiteName ?? '');
  });
});

test.describe('deliveries as admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page, 'admin');
  });

  test('the home shows every unit by default, without the no-Mine message', async ({ page }) => {
    const home = new DeliveriesHomePage(page);
    const first = await home.open();
    await expect(home.units.getByRole('radio', { name: 'All' })).toBeChecked();
    await expect(home.showPast).not.toBeChecked();
    await expect(home.activeUnitsOnly).toBeChecked();
    await expect(home.dataRows()).toHaveCount(first.value.length);
    const units = new Set(await home.columnValues('Prod Id'));
    expect(units.size).toBeGreaterThan(1);
    await expect(page.getByText('There are no mine deliveries.')).toHaveCount(0);
    const all = await listDeliveries(
      page.request,
      { ShowPast: false, MineOnly: false, ActiveUnitsOnly: true },
      { $top: 1, $select: 'Id' },
    );
    expect(await home.count()).toBe(all.count);
  });

  test('a state the server pushes changes its row in place, filters and page kept', async ({
    page,
    request,
  }) => {
    const employees = [
      ...(await unitCodesOf(page.request, 'employee1')),
      ...(await unitCodesOf(page.request, 'employee2')),
    ];
    const home = new DeliveriesHomePage(page);
    await home.open();
    await expect(home.live).toHaveText('Live');
    const units = await home.columnValues('Prod Id');
    const unit = units.find((code) => !employees.includes(code));
    if (!unit) throw new Error('No unit of the first page is neither employee’s.');
    await home.filterValues('Prod Id', [unit]);
    const second = home.nextList((url) => url.searchParams.get('$skip') === '20');
    await home.main.getByRole('button', { name: 'Next page' }).click();
    const shown = (await second).value as unknown as ListedDelivery[];
    await expect(home.dataRows()).toHaveCount(shown.length);
    const summary = await home.pagerSummary.innerText();
    expect(summary).toMatch(/^21–/);

    let change: { index: number; thickness: number; state: string } | undefined;
    for (const [index, delivery] of shown.entries()) {
      for (const thickness of [20, 30, 45, 60, 80, 100]) {
        const state = await whatIfState(page.request, delivery, {
          Thickness: thickness,
          EvoThermAllowed: delivery.EvoThermAllowed,
        });
        if (state !== delivery.State && thickness !== delivery.Thickness) {
          change = { index, thickness, state };
          break;
        }
      }
      if (change) break;
    }
    if (!change) throw new Error('No delivery on the page changes state with its thickness.');
    const target = shown[change.index]!;
    const row = home.dataRows().nth(change.index);
    await expect(row).toContainText(target.SiteName ?? '');
    await expect(row).toContainText(target.Time ?? '');
    const badge = await home.stateBadge(row);
    await expect(badge).toHaveAccessibleName(new RegExp(`^${stateName(target.State)}\\b`));

    await page.evaluate(() => {
      (window as unknown as { __marker?: number }).__marker = 1;
    });
    const url = page.url();
    const reloads: string[] = [];
    page.on('request', (sent) => {
      const asked = new URL(sent.url());
      if (
        sent.url().includes('GetDeliveriesForCurrentUser') &&
        asked.searchParams.get('$count') !== 'false'
      ) {
        reloads.push(sent.url());
      }
    });

    // Another session, as someone else at another desk would.
    await signInRequest(request, 'admin');
    const stored = await getDelivery(request, target.Id);
    const saved = await request.post('/api/Deliveries/SaveDelivery', {
      data: { ...stored, Thickness: change.thickness },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect(((await saved.json()) as ListedDelivery).State).toBe(change.state);

    await expect(badge).toHaveAccessibleName(new RegExp(`^${stateName(change.state)}\\b`));
    await expect(row).toContainText(target.SiteName ?? '');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
      1,
    );
    expect(page.url()).toBe(url);
    expect(reloads).toEqual([]);
    await expect(home.filterButton('Prod Id', { active: true })).toBeVisible();
    await expect(home.pagerSummary).toHaveText(summary);
    for (const code of await home.columnValues('Prod Id')) expect(code).toBe(unit);
  });
});
