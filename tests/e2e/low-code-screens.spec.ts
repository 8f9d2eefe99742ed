import { expect, type APIRequestContext, type Locator, type Page, test } from '@playwright/test';
import { signInRequest } from './support/deliveries-api';
import { dragWithMouse } from './support/pointer-drag';
import { signInByApi } from './support/sign-in';

/**
 * Low-code II as a power user meets it: from an empty data source to a permissioned screen in
 * the menu without code (timed and counted, as a user would do it), then rows added, edited in
 * the grid and traced in the history, the page restricted, and a row rule per role.
 */

interface Unit {
  Id: number;
  Code: string;
}

/** The data source the flow starts from: designed in Low-code I, created here through its call. */
async function createInspections(admin: APIRequestContext, name: string) {
  const created = await admin.post('/api/dataSources', {
    data: {
      Name: name,
      PrimaryKeyField: 'Id',
      SchemaDefinition: {
        type: 'object',
        required: ['Inspector'],
        properties: {
          DateInspected: { type: 'string', format: 'date', title: 'Date inspected' },
          Inspector: { type: 'string', title: 'Inspector', maxLength: 100 },
          Passed: { type: 'boolean', title: 'Passed', default: false },
          UnitId: { type: 'integer', title: 'Unit' },
          Notes: { type: 'string', title: 'Notes' },
        },
      },
      // Staff read the rows; only designers change them.
      Permissions: {
        read: 'ViewDeliveries',
        create: 'ManageDataSources',
        update: 'ManageDataSources',
        delete: 'ManageDataSources',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { Id: number }).Id;
}

async function addRow(admin: APIRequestContext, source: number, row: Record<string, unknown>) {
  const added = await admin.post(`/api/dataSources/${source}/data`, { data: { Json: row } });
  expect(added.status(), await added.text()).toBe(200);
}

/** Inspector names in the grid, in order. */
async function inspectorsShown(page: Page, title: string) {
  const grid = page.getByRole('table', { name: title });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  // The rows, not the line saying they are on their way.
  await expect(grid).not.toContainText('Loading…');
  return grid.getByRole('row').evaluateAll((rows) => {
    const headers = Array.from(rows[0]!.querySelectorAll('th'), (th) => th.textContent?.trim());
    const column = headers.indexOf('Inspector');
    return rows.slice(1).map((row) => row.querySelectorAll('td')[column]?.textContent?.trim());
  });
}

test('a power user goes from a data source to a permissioned screen in the menu, adds, edits and traces rows, and rules them per role', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now() % 100_000;
  const title = `Site inspections ${suffix}`;
  await signInByApi(page, 'admin');
  const admin = page.request;
  const source = await createInspections(admin, title);
  const units = (await (await admin.get('/api/units/GetUnits')).json()) as Unit[];
  const unit = (code: string) => units.find((candidate) => candidate.Code === code)!.Id;
  await addRow(admin, source, { Inspector: 'North Leeds', UnitId: unit('NTH01'), Passed: true });
  await addRow(admin, source, { Inspector: 'North Trafford', UnitId: unit('NTH02') });
  await addRow(admin, source, { Inspector: 'South Bow', UnitId: unit('STH01') });

  // Every click of the flow is counted; the clock runs from the grid pages list to the menu
  // entry opening the new screen.
  let clicks = 0;
  const click = async (target: Locator, options?: Parameters<Locator['click']>[0]) => {
    clicks++;
    await target.click(options);
  };
  await page.goto('/');
  await page.getByRole('button', { name: 'OK, got it' }).click();
  const started = Date.now();
  const mainMenu = page.getByRole('navigation', { name: 'Main menu' }).first();
  await click(mainMenu.getByRole('button', { name: 'Administration' }));
  await click(page.getByRole('menuitem', { name: 'Grid pages', exact: true }));
  await expect(page).toHaveURL(/\/admin\/grids$/);
  await click(page.getByRole('button', { name: 'New' }));
  await expect(page.getByRole('heading', { name: 'New grid page' })).toBeVisible();

  // The grid page: a title, the data source, four columns, one dragged to the front.
  await click(page.getByRole('textbox', { name: 'Page title' }));
  await page.getByRole('textbox', { name: 'Page title' }).fill(title);
  await page.getByRole('combobox', { name: 'Data source' }).selectOption({ label: title });
  clicks++;
  const columns = page.getByRole('region', { name: 'Columns' });
  // The fields are offered by their titles.
  for (const field of ['Date inspected', 'Inspector', 'Passed', 'Unit']) {
    await click(columns.getByRole('button', { name: `Add column ${field}`, exact: true }));
  }
  await dragWithMouse(
    page,
    page.getByRole('button', { name: 'Move column Inspector', exact: true }),
    page.getByRole('button', { name: 'Move column Date inspected', exact: true }),
    'column Inspector: position 1 of 4',
  );
  clicks++;
  await expect(page.getByRole('list', { name: 'Columns of the page' })).toContainText(
    /^Inspector[\s\S]*Date inspected/,
  );
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('columnheader').first()).toHaveText('Inspector');
  await click(page.getByRole('button', { name: 'Save' }));
  // A new page is at /admin/grids/0 until saved: the saved one has its own id.
  await expect(page).toHaveURL(/\/admin\/grids\/[1-9]\d*$/);
  const gridId = Number(/(\d+)$/.exec(page.url())![1]);

  // The menu: unlocked, an item for the page, dragged under Administration, saved.
  await click(mainMenu.getByRole('button', { name: 'Administration' }));
  await click(page.getByRole('menuitem', { name: 'Menu', exact: true }));
  await expect(page.getByRole('heading', { level: 2, name: 'Menu' })).toBeVisible();
  await click(page.getByRole('switch', { name: /^(Locked|Unlocked)/ }));
  const tree = page.getByRole('region', { name: 'Menu items' });
  await click(tree.getByRole('button', { name: 'Add item' }));
  await page.getByRole('textbox', { name: 'Name' }).fill(title);
  await page
    .getByRole('combobox', { name: 'Screen or grid page' })
    .selectOption(`/udt/grid/${gridId}`);
  clicks++;
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(`/udt/grid/${gridId}`);
  // Onto Administration's first item: its line takes a drop beside it, in Administration (the
  // rest of Administration's list is its groups' own items, where a drop goes one level deeper).
  await dragWithMouse(
    page,
    tree.getByRole('button', { name: `Move ${title}`, exact: true }),
    tree
      .getByRole('list', { name: 'Items inside Administration' })
      .getByRole('button', { name: /^Move / })
      .first(),
    `${title} would go into Administration`,
  );
  clicks++;
  await expect(page.getByText('Changed')).toBeVisible();
  await click(page.getByRole('button', { name: 'Save' }));
  await expect(page.getByText('Changed')).toHaveCount(0);

  // Opened from the menu.
  await click(mainMenu.getByRole('button', { name: 'Administration' }));
  await click(page.getByRole('menuitem', { name: title, exact: true }));
  await expect(page).toHaveURL(new RegExp(`/udt/grid/${gridId}$`));
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `low-code flow, from the grid pages list to the new screen opened from the menu: ` +
      `${clicks} clicks and drags, ${seconds.toFixed(1)} s (Playwright's pace, typing included)`,
  );
  expect(await inspectorsShown(page, title)).toEqual([
    'North Leeds',
    'North Trafford',
    'South Bow',
  ]);

  // A row added through the form.
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(new RegExp(`/udt/details/${gridId}/0/edit$`));
  await page.getByRole('textbox', { name: /^Inspector/ }).fill('Mid Small Heath');
  await page.getByRole('textbox', { name: /^Unit/ }).fill(String(unit('MID01')));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/udt/grid/${gridId}$`));
  await expect(page.getByRole('cell', { name: 'Mid Small Heath' })).toBeVisible();

  // A cell edited in the grid, saved with the row's version.
  await page.getByRole('cell', { name: 'South Bow' }).dblclick();
  const editor = page.getByRole('textbox', { name: /^Edit Inspector of row/ });
  await editor.fill('South Bow (rechecked)');
  await editor.press('Enter');
  await expect(page.getByRole('cell', { name: 'South Bow (rechecked)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('cell', { name: 'South Bow (rechecked)' })).toBeVisible();

  // Its history says who changed what.
  const edited = page.getByRole('row').filter({ hasText: 'South Bow (rechecked)' });
  await edited.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/udt/details/${gridId}/\\d+/edit$`));
  const history = page.getByRole('table', { name: 'History' });
  await expect(history).toContainText('South Bow (rechecked)');
  await expect(history).toContainText('admin');

  // Restricted to those who manage units: employee1 (Staff) sees no item and is refused.
  await page.goto(`/admin/grids/${gridId}`);
  // Picked from the permissions, not typed as an expression.
  const whoMaySee = page.getByRole('group', { name: 'Who may see the page' });
  await whoMaySee.getByText('Only holders of…', { exact: true }).click();
  await whoMaySee.getByRole('combobox', { name: 'Holders of any of these permissions' }).click();
  await page.getByRole('option', { name: 'Manage units' }).click();
  await page.keyboard.press('Escape');
  await whoMaySee.getByRole('button', { name: 'Advanced' }).click();
  await expect(
    whoMaySee.getByRole('textbox', { name: 'Who may see the page, as an expression' }),
  ).toHaveValue('ManageUnits');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
  const employeeContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const employee = await employeeContext.newPage();
  await signInRequest(employee.request, 'employee1');
  await employee.goto('/');
  await expect(
    employee.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', {
      name: 'Deliveries',
    }),
  ).toBeVisible();
  await expect(employee.getByText(title)).toHaveCount(0);
  await employee.goto(`/udt/grid/${gridId}`);
  await expect(employee).toHaveURL(/\/unauthorized$/);

  // Open to everyone who may read the rows again, with a row rule for Staff: their units only.
  await whoMaySee.getByText('Everyone signed in', { exact: true }).click();
  await expect(
    whoMaySee.getByRole('textbox', { name: 'Who may see the page, as an expression' }),
  ).toHaveValue('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.goto(`/admin/dataSources/${source}`);
  const rules = page.getByRole('region', { name: 'Access rules' });
  await rules.getByRole('button', { name: 'Add row rule' }).click();
  await rules.getByRole('combobox', { name: 'Roles of rule 1' }).click();
  await page.getByRole('option', { name: 'Staff' }).click();
  await page.keyboard.press('Escape');
  await rules
    .getByRole('textbox', { name: 'Rows they read (rule 1)' })
    .fill('UnitId in $CurrentUserUnits');
  await rules.getByRole('button', { name: 'Save access rules' }).click();
  await expect(page.getByText('The access rules were saved.')).toBeVisible();

  await employee.goto(`/udt/grid/${gridId}`);
  await expect(employee.getByRole('heading', { level: 2, name: title })).toBeVisible();
  expect(await inspectorsShown(employee, title)).toEqual(['North Leeds', 'North Trafford']);
  await employeeContext.close();
});
