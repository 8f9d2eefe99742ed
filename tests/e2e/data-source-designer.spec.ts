import { expect, test } from '@playwright/test';
import { dragWithMouse } from './support/pointer-drag';
import { signInByApi } from './support/sign-in';

/** The data source designer as a power user meets it: fields, a layout, a preview, a table. */

// Picked by type in the user's words; each name is made from the title.
const fields = [
  { name: 'DateInspected', title: 'Date inspected', kind: 'Date' },
  { name: 'Inspector', title: 'Inspector', kind: 'Text' },
  { name: 'Passed', title: 'Passed', kind: 'Yes/No' },
  { name: 'Notes', title: 'Notes', kind: 'Long text' },
  { name: 'Photos', title: 'Photos', kind: 'Repeating group' },
] as const;

test('an administrator designs "Site inspections", lays its form out with the mouse and the keyboard, saves it and its table takes rows', async ({
  page,
}) => {
  const name = `Site inspections ${Date.now() % 100000}`;
  await signInByApi(page, 'admin');
  await page.goto('/admin/dataSources');
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(/\/admin\/dataSources\/0$/);
  await expect(page.getByRole('heading', { name: 'New data source' })).toBeVisible();

  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  for (const field of fields) {
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('menuitem', { name: field.kind, exact: true }).click();
    await page.getByRole('textbox', { name: /^Title/ }).fill(field.title);
  }
  // The last name, under Advanced, was made from its title.
  await page.getByRole('button', { name: 'Advanced' }).click();
  await expect(page.getByRole('textbox', { name: /^Field name/ })).toHaveValue('Photos');
  const preview = page.getByRole('region', { name: 'Preview' });
  const layout = page.getByRole('list', { name: 'Controls of the form' });
  await expect(preview.getByRole('textbox', { name: 'Inspector' })).toBeVisible();

  // A section and a tab, titled in place.
  await page.getByRole('button', { name: 'Section', exact: true }).click();
  await layout.getByRole('textbox', { name: 'Title of Section (no title)' }).fill('Inspection');
  await page.getByRole('button', { name: 'Tab', exact: true }).click();
  await layout.getByRole('textbox', { name: 'Title of Tab (no title)' }).fill('Details');
  await expect(preview.getByRole('tab', { name: 'Details' })).toBeVisible();

  // The mouse takes the inspector into the section; the preview draws it there.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await dragWithMouse(
    page,
    layout.getByRole('button', { name: 'Move Inspector', exact: true }),
    page.getByRole('list', { name: 'Contents of Section Inspection' }),
    'Inspector would go into Section Inspection',
  );
  await expect(announcer).toContainText('Inspector was moved into Section Inspection');
  await expect(
    page
      .getByRole('list', { name: 'Contents of Section Inspection' })
      .getByRole('button', { name: 'Move Inspector', exact: true }),
  ).toBeVisible();
  const section = preview.getByRole('region', { name: 'Inspection' });
  await expect(section.getByRole('textbox', { name: 'Inspector' })).toBeVisible();

  // The keyboard takes the notes into the tab, and says where it goes.
  await layout.getByRole('button', { name: 'Move Notes', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(announcer).toContainText('Picked up Notes.');
  // Each arrow key takes it one place further; each place is announced before the next key.
  for (let step = 0; step < 12; step++) {
    const before = await announcer.textContent();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => announcer.textContent()).not.toBe(before);
    if ((await announcer.textContent())?.includes('would go into Tab Details')) break;
  }
  await expect(announcer).toContainText('Notes would go into Tab Details');
  await page.keyboard.press('Space');
  await expect(announcer).toContainText('Notes was moved into Tab Details');
  await expect(
    page
      .getByRole('list', { name: 'Contents of Tab Details' })
      .getByRole('button', { name: 'Move Notes', exact: true }),
  ).toBeVisible();
  await expect(preview.getByRole('textbox', { name: 'Notes' })).toBeVisible();

  // A field a control shows cannot be deleted.
  await page.getByRole('button', { name: 'Remove field Inspector' }).click();
  const warning = page.getByRole('dialog');
  await expect(warning).toContainText(
    "This item can't be deleted while it is used in control tree.",
  );
  await warning.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('list', { name: 'Fields of the table' })).toContainText('Inspector');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The data source was saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dataSources\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);

  // The layout was saved as designed.
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Contents of Section Inspection' })
      .getByRole('button', { name: 'Move Inspector', exact: true }),
  ).toBeVisible();

  // Its table takes rows through the data calls, with the server's stamps.
  const rows = `/api/dataSources/${id}/data`;
  const added = await page.request.post(rows, {
    data: {
      Json: {
        DateInspected: '2026-11-20',
        Inspector: 'Jo Patel',
        Passed: true,
        Notes: 'Joints sealed',
        Photos: ['north.jpg', 'south.jpg'],
      },
    },
  });
  expect(added.status()).toBe(200);
  const row = (await added.json()) as Record<string, unknown>;
  expect(row).toMatchObject({ Inspector: 'Jo Patel', Photos: ['north.jpg', 'south.jpg'] });
  expect(row.CreatedBy).toBe('admin');
  const listed = await page.request.get(`${rows}?$filter=Passed eq true&$count=true`);
  expect(await listed.json()).toMatchObject({ '@odata.count': 1 });
});
