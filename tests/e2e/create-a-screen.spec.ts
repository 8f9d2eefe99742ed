import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInByApi } from './support/sign-in';

/**
 * "Site inspections" from nothing to its screen, opened from the menu with one row added, as an
 * administrator meets it: a data source with five fields of different types (named in the
 * user's words), "Create a screen", its place in the menu, a row. Every click is counted (a
 * click into a field that has not the focus counts too, a choice in a drop-down list counts
 * one); the flow fails above 25.
 */

const maxClicks = 25;
const shots = process.env.E2E_RESULTS ?? 'test-results';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/create-a-screen-${name}.png`, fullPage: false });
}

test('an administrator builds "Site inspections" from nothing to its screen in the menu with a row, in at most 25 clicks', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const title = `Site inspections ${Date.now() % 100_000}`;
  await signInByApi(page, 'admin');
  await page.goto('/');
  await page.getByRole('button', { name: 'OK, got it' }).click();

  let clicks = 0;
  const click = async (target: Locator) => {
    clicks++;
    await target.click();
  };
  const mainMenu = page.getByRole('navigation', { name: 'Main menu' }).first();

  // The data source: named (its name field has the focus), five fields added by type.
  await click(mainMenu.getByRole('button', { name: 'Administration' }));
  await click(page.getByRole('menuitem', { name: 'Data sources', exact: true }));
  await click(page.getByRole('button', { name: 'New' }));
  await expect(page.getByRole('heading', { name: 'New data source' })).toBeVisible();
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeFocused();
  await name.fill(title);

  const fields = [
    { kind: 'Text', title: 'Site name', name: 'SiteName' },
    { kind: 'Whole number', title: 'Crew size', name: 'CrewSize' },
    { kind: 'Yes/No', title: 'Passed', name: 'Passed' },
    { kind: 'Date', title: 'Inspected on', name: 'InspectedOn' },
    { kind: 'Choice from a list', title: 'Surface', name: 'Surface' },
  ] as const;
  for (const field of fields) {
    await click(page.getByRole('button', { name: 'Add field' }));
    if (field === fields[0]) await shot(page, '1-add-field-menu');
    await click(page.getByRole('menuitem', { name: field.kind, exact: true }));
    const fieldTitle = page.getByRole('textbox', { name: /^Title/ });
    await expect(fieldTitle).toBeFocused();
    await fieldTitle.fill(field.title);
    await expect(page.getByLabel('Type')).toHaveValue(
      {
        Text: 'Text',
        'Whole number': 'WholeNumber',
        'Yes/No': 'YesNo',
        Date: 'Date',
        'Choice from a list': 'Choice',
      }[field.kind],
    );
  }
  await click(page.getByRole('textbox', { name: /^Choices/ }));
  await page.getByRole('textbox', { name: /^Choices/ }).fill('Good;Fair;Poor');
  // The names were made from the titles; they are there under Advanced, untouched.
  const list = page.getByRole('list', { name: 'Fields of the table' });
  for (const field of fields) await expect(list).toContainText(field.title);
  await shot(page, '2-data-source-fields');

  await click(page.getByRole('button', { name: 'Save', exact: true }));
  await expect(page.getByText('The data source was saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dataSources\/\d+$/);
  const sourceId = Number(/(\d+)$/.exec(page.url())![1]);
  const stored = (await (await page.request.get(`/api/dataSources/${sourceId}`)).json()) as {
    SchemaDefinition: { properties: Record<string, { type: string; format?: string }> };
  };
  expect(Object.keys(stored.SchemaDefinition.properties)).toEqual(fields.map((f) => f.name));
  expect(stored.SchemaDefinition.properties.InspectedOn).toMatchObject({
    type: 'string',
    format: 'date',
  });

  // "Create a screen": its columns, then its place in the menu.
  await shot(page, '3-next-step');
  await click(page.getByRole('button', { name: 'Create a screen' }));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: /^Screen title/ })).toHaveValue(title);
  for (const field of fields) {
    await expect(dialog.getByRole('checkbox', { name: field.title })).toBeChecked();
  }
  await expect(dialog.getByRole('checkbox', { name: 'Created at' })).toHaveCount(0);
  await shot(page, '4-screen-step');
  await click(dialog.getByRole('button', { name: 'Create the screen' }));
  await expect(dialog.getByRole('radio', { name: 'Administration', exact: true })).toBeVisible();
  await click(dialog.getByRole('radio', { name: 'Administration', exact: true }));
  await expect(dialog.getByRole('radio', { name: 'Inside it' })).toBeChecked();
  await expect(dialog).toContainText(`People will find it at: Administration › ${title}`);
  await shot(page, '5-menu-step');
  await click(dialog.getByRole('button', { name: 'Put it in the menu and open it' }));

  await expect(page).toHaveURL(/\/udt\/grid\/\d+$/);
  const gridUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const grid = page.getByRole('table', { name: title });
  for (const field of fields) {
    await expect(grid.getByRole('columnheader', { name: field.title })).toBeVisible();
  }
  await shot(page, '6-screen-open');

  // One row added through its form.
  await click(page.getByRole('button', { name: 'New' }));
  const siteName = page.getByRole('textbox', { name: /^Site name/ });
  await click(siteName);
  await siteName.fill('North Leeds ring road');
  await click(page.getByRole('button', { name: 'Save' }));
  await expect(page).toHaveURL(new RegExp(`${gridUrl}$`));
  await expect(page.getByRole('cell', { name: 'North Leeds ring road' })).toBeVisible();

  // Opened from the menu, where it was placed.
  await page.goto('/');
  await click(mainMenu.getByRole('button', { name: 'Administration' }));
  await click(page.getByRole('menuitem', { name: title, exact: true }));
  await expect(page).toHaveURL(new RegExp(`${gridUrl}$`));
  await expect(page.getByRole('cell', { name: 'North Leeds ring road' })).toBeVisible();

  console.log(
    `create a screen: "${title}" from nothing to its screen from the menu with a row in ${clicks} clicks`,
  );
  expect(clicks).toBeLessThanOrEqual(maxClicks);
});

/** axe-core's critical and serious findings on the screen's main part, as lines. */
async function graveFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html}`));
}

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1440, height: 900 },
] as const) {
  // What axe finds depends on the screens, not the database: on PGlite only (CI's first phase).
  test(`the data source, grid page and menu designers pass axe-core at ${size.width} px`, async ({
    page,
  }) => {
    test.skip(!!process.env.TEST_DATABASE_URL, 'axe-core runs on PGlite only');
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInByApi(page, 'admin');
    const name = `Axe inspections ${size.width} ${Date.now() % 100_000}`;
    const source = await page.request.post('/api/dataSources', {
      data: {
        Name: name,
        PrimaryKeyField: '',
        SchemaDefinition: {
          type: 'object',
          properties: {
            SiteName: { type: 'string', title: 'Site name' },
            CrewSize: { type: 'integer', title: 'Crew size' },
            Passed: { type: 'boolean', title: 'Passed' },
          },
        },
      },
    });
    expect(source.status(), await source.text()).toBe(200);
    const sourceId = ((await source.json()) as { Id: number }).Id;
    const grid = await page.request.post('/api/grids', {
      data: {
        Id: 0,
        PageTitle: name,
        DataSourceId: sourceId,
        Columns: [
          { Id: 1, Field: 'SiteName', Title: 'Site name', Format: null, Type: 'string', Order: 1 },
        ],
        Actions: [{ Id: 1, Title: 'GRID.ACTION.NEW', Type: 'New', UrlToRedirect: null, Order: 1 }],
        RowActions: [],
        PageSize: 20,
        DefaultSort: [],
        DefaultFilter: 'SiteName ne null and Passed eq true',
        DefaultFilterTitle: null,
        Permission: 'ManageUnits & !ManageUsers',
      },
    });
    expect(grid.status(), await grid.text()).toBe(200);
    const gridId = ((await grid.json()) as { Id: number }).Id;
    await page.goto('/');
    await page.getByRole('button', { name: 'OK, got it' }).click();

    await page.goto(`/admin/dataSources/${sourceId}`);
    await page.getByRole('button', { name: 'Edit field Crew size' }).click();
    await page.getByRole('button', { name: 'Advanced' }).click();
    await expect(page.getByRole('textbox', { name: /^Field name/ })).toHaveValue('CrewSize');
    await shot(page, `data-source-designer-${size.width}`);
    expect(await graveFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create a screen' }).first().click();
    await expect(
      page.getByRole('dialog').getByRole('checkbox', { name: 'Crew size' }),
    ).toBeChecked();
    await shot(page, `create-a-screen-dialog-${size.width}`);
    await page.keyboard.press('Escape');

    await page.goto(`/admin/grids/${gridId}`);
    const filter = page.getByRole('group', { name: 'Default filter' });
    await expect(filter.getByRole('combobox', { name: 'Field of condition 2' })).toHaveValue(
      'Passed',
    );
    const who = page.getByRole('group', { name: 'Who may see the page' });
    await expect(who.getByText('Manage units')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Title of .*New$/ })).toHaveValue('New');
    await shot(page, `grid-page-designer-${size.width}`);
    await filter.scrollIntoViewIfNeeded();
    await shot(page, `grid-page-designer-filter-${size.width}`);
    expect(await graveFindings(page)).toEqual([]);

    await page.goto('/admin/menu');
    await page.getByRole('switch', { name: 'Locked: only administrators can change it' }).click();
    await page
      .getByRole('button', { name: /^Edit / })
      .nth(4)
      .click();
    await expect(page.getByRole('switch', { name: 'Unlocked' })).not.toBeChecked();
    await shot(page, `menu-editor-${size.width}`);
    expect(await graveFindings(page)).toEqual([]);
  });
}
