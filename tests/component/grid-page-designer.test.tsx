import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs, previewDelayMs } from '#platform/ui';
import {
  columns,
  combobox,
  openGridDesigner,
  openLoaded,
  preview,
  previewHeaders,
  refusal,
  textbox,
} from '../support/grid-page-designer';

afterEach(() => {
  // Unmounted first, the screens start no request once the fake server is gone.
  cleanup();
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The default filter's OData text, under its "Advanced". */
async function filterText(user: { click(element: Element): Promise<void> }) {
  const group = screen.getByRole('group', { name: 'Default filter' });
  await user.click(within(group).getByRole('button', { name: 'Advanced' }));
  return screen.findByRole('textbox', { name: 'Default filter, as OData' });
}

describe('building a new grid page', () => {
  it('offers the data sources, adds columns from the fields, and previews the real rows', async () => {
    const { user, router, rowQueries } = openGridDesigner(0);
    expect(await screen.findByRole('heading', { name: 'New grid page' })).toBeVisible();
    const source = combobox('Data source');
    expect(await within(source).findByRole('group', { name: 'User tables' })).toHaveTextContent(
      'Plant checksSite visits',
    );
    expect(within(source).getByRole('group', { name: 'Built-in' })).toHaveTextContent('Units');
    expect(columns().getByText('Choose a data source to add its fields as columns.')).toBeVisible();

    await user.selectOptions(source, 'Site visits');
    await columns().findByRole('button', { name: 'Add column Reference' });
    // An object cannot be a column.
    expect(columns().queryByRole('button', { name: 'Add column Site' })).toBeNull();
    expect(combobox('Key field')).toHaveValue('');
    expect(combobox('Key field')).toHaveDisplayValue("The data source's key");
    expect(combobox('Page size')).toHaveValue('20');

    await user.type(textbox('Page title'), 'Visits');
    for (const name of ['Reference', 'Visited', 'Loads']) {
      await user.click(columns().getByRole('button', { name: `Add column ${name}` }));
    }
    expect(textbox('Title of column Visited')).toHaveValue('Visited');
    expect(combobox('Type of column Visited')).toHaveValue('date');

    const table = await preview().findByRole('table', { name: 'Visits' });
    await within(table).findByText('SV-1');
    expect(within(table).getByText('31/05/2024')).toBeVisible();
    expect(previewHeaders()).toEqual(['Reference', 'Visited', 'Loads', 'Actions']);
    expect(rowQueries.at(-1)).toMatchObject({ $top: '20', $skip: '0', $count: 'true' });

    // The page's buttons are there to be seen; in the preview they go nowhere.
    await user.click(preview().getByRole('button', { name: 'New' }));
    expect(preview().getByText('“New” does nothing in the preview.')).toBeVisible();
    await user.click(within(table).getAllByRole('button', { name: 'Edit' })[0]!);
    expect(preview().getByText('“Edit” does nothing in the preview.')).toBeVisible();
    await user.click(within(table).getAllByRole('button', { name: 'Delete' })[0]!);
    expect(preview().getByText('“Delete” does nothing in the preview.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/grids/0');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the columns the new data source also has when another one is chosen', async () => {
    const { user } = openGridDesigner(0);
    const sources = await screen.findByRole('combobox', { name: 'Data source' });
    // The data sources arrive after the screen: choose once they are listed.
    await waitFor(() => expect(sources.querySelector('option[value="7"]')).not.toBeNull());
    await user.selectOptions(sources, '7');
    await user.click(await columns().findByRole('button', { name: 'Add all' }));
    // "Add all" adds the user's fields; the system's stamps stay offered one by one.
    expect(textbox('Title of column Reference')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Title of column UpdatedAt' })).toBeNull();
    expect(columns().getByRole('button', { name: /^Add column Updated/ })).toBeVisible();
    await user.click(columns().getByRole('button', { name: /^Add column Id/ }));

    await user.selectOptions(combobox('Data source'), 'Plant checks');
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: /column Reference/ })).toBeNull(),
    );
    expect(textbox('Title of column Id')).toBeVisible();
    expect(columns().getByRole('button', { name: 'Add column Plant' })).toBeVisible();
  });

  it('shows the translated text beside a title that is a translation key', async () => {
    const { user } = await openLoaded(1001);
    await user.clear(textbox('Page title'));
    await user.paste('ROUTES.GRID_PAGES');
    expect(textbox('Page title')).toHaveAccessibleDescription('Shown as: Grid pages');
    await user.clear(textbox('Title of column Reference'));
    await user.paste('ENTITY.GRID_PAGE.TITLE');
    // A key shows as its text, not as the key.
    expect(textbox('Title of column Reference')).toHaveValue('Page title');
    expect(textbox('Title of column Reference')).toHaveAccessibleDescription(
      'In each language’s own words, until you type another title.',
    );
    await user.clear(textbox('Title of column Loads'));
    await user.paste('Loads today');
    expect(textbox('Title of column Loads')).not.toHaveAccessibleDescription();

    await waitFor(() => expect(previewHeaders()).toContain('Page title'));
    expect(preview().getByRole('table', { name: 'Grid pages' })).toBeVisible();
  });
});

describe('formats', () => {
  it('offers the formats of each type, shown by example, and the preview applies them', async () => {
    const { user } = await openLoaded(1001);
    await preview().findByText('31/05/2024');

    expect(optionsOf(combobox('Format of column Visited'))).toEqual([
      'Default: 31/05/2024',
      '31/05/2024 (DD/MM/YYYY)',
      '31.05.2024 (DD.MM.YYYY)',
      '2024-05-31 (YYYY-MM-DD)',
      '31 May 2024 (D MMM YYYY)',
      '05/31/2024 (MM/DD/YYYY)',
    ]);
    await user.selectOptions(combobox('Format of column Visited'), '2024-05-31 (YYYY-MM-DD)');
    await preview().findByText('2024-05-31');

    expect(optionsOf(combobox('Format of column Loads'))).toContain('1234.57 (0.00)');
    await user.selectOptions(combobox('Format of column Loads'), '0.00');
    await preview().findByText('12.50');

    // Text has no format; a yes/no field shows words or a check mark.
    expect(screen.queryByRole('combobox', { name: 'Format of column Reference' })).toBeNull();
    await user.click(columns().getByRole('button', { name: 'Add column Checked' }));
    expect(optionsOf(combobox('Format of column Checked'))).toEqual(['Yes / No', 'Check mark']);
    expect(combobox('Format of column Checked')).toHaveValue('yesno');

    // A whole number may be shown as a number; a text field only as text.
    await user.click(columns().getByRole('button', { name: 'Add column Id' }));
    expect(optionsOf(combobox('Type of column Id'))).toEqual(['Whole number', 'Number']);
    await user.selectOptions(combobox('Format of column Id'), '#,##0');
    await user.selectOptions(combobox('Type of column Id'), 'Number');
    // The whole number's grouping is a number's format too, so it stays.
    expect(combobox('Format of column Id')).toHaveValue('#,##0');
    expect(combobox('Type of column Reference')).toBeDisabled();
  });
});

describe('the preview', () => {
  it('follows the design a moment after the last change, without fetching at every key', async () => {
    const { user, rowQueries } = await openLoaded(1001);
    await preview().findByText('SV-1');
    expect(rowQueries).toHaveLength(1);
    expect(rowQueries[0]).toMatchObject({ $orderby: 'Visited desc' });

    // A title changes the header only: the rows are not asked for again.
    await user.type(textbox('Title of column Reference'), ' no.');
    await waitFor(() => expect(previewHeaders()).toContain('Reference no.'));
    expect(rowQueries).toHaveLength(1);

    // Typing the filter asks for no rows until a moment after the last key. The keys come on a
    // clock of the test's own, so that a slow machine cannot make a pause between two of them
    // (user-event waits on timers itself, so each key is its change event here).
    const filter = await filterText(user);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const [index] of [...'Loads gt 5'].entries()) {
        act(() => {
          fireEvent.change(filter, { target: { value: 'Loads gt 5'.slice(0, index + 1) } });
          vi.advanceTimersByTime(previewDelayMs / 2);
        });
      }
      act(() => vi.advanceTimersByTime(previewDelayMs / 2 - 1));
      expect(rowQueries).toHaveLength(1);
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(rowQueries).toHaveLength(2));
    expect(rowQueries[1]).toMatchObject({ $filter: 'Loads gt 5' });

    await user.selectOptions(combobox('Page size'), '5');
    await waitFor(() => expect(rowQueries.at(-1)).toMatchObject({ $top: '5' }));
  });

  it("shows the server's refusal of the default filter on the filter, not as an error dialog", async () => {
    const { user } = await openLoaded(1001, {
      'GET /api/dataSources/7/data': (_body, _path, url) =>
        url.searchParams.get('$filter') === 'Lodes gt 5'
          ? refusal({ Message: "$filter: 'Lodes' is not a field of Site visits." })
          : { '@odata.count': 0, value: [] },
    });
    await user.type(await filterText(user), 'Lodes gt 5');
    await waitFor(() =>
      expect(textbox('Default filter, as OData')).toHaveAccessibleDescription(
        expect.stringContaining("'Lodes' is not a field of Site visits."),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(textbox('Default filter, as OData'));
    expect(textbox('Default filter, as OData')).not.toHaveAccessibleDescription(
      expect.stringContaining('Lodes'),
    );
  });
});
