import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GridPage } from '#metadata';
import { SchemaGrid, type ODataRequest, type RowUpdate, type SchemaGridProps } from '#platform/ui';
import { gridColumn, testGridPage } from '../support/grid-page';
import { renderWithProviders } from '../support/render';

const column = gridColumn;

const page: GridPage = testGridPage({
  Id: 12,
  DataSourceId: 12,
  Columns: [
    column(1, 'Name', 'string'),
    column(2, 'State', 'string', { FilterByValuesOnly: true }),
    column(3, 'Weather', 'string', {
      Sortable: false,
      FilterFields: [
        { Field: 'WeatherForecastTemperature', Title: 'DELIVERY.TEMPERATURE', Type: 'number' },
        { Field: 'WindSpeed', Title: 'DELIVERY.WIND_SPEED', Type: 'number' },
      ],
    }),
  ],
});

interface Row {
  Id: number;
  Name: string;
  State: string;
  Weather: string;
}

const allRows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  Id: i + 1,
  Name: `Row ${i + 1}`,
  State: 'A',
  Weather: `Sunny ${i + 1}`,
}));

type Props = Partial<SchemaGridProps<Row>>;

/** The grid over a fake server of 12 rows (or `rows`), recording its requests. */
function renderGrid(props: Props = {}, rows: Row[] = allRows) {
  const requests: ODataRequest[] = [];
  const fetchRows = vi.fn(async (request: ODataRequest) => {
    requests.push(request);
    const skip = Number(request.$skip);
    return { count: rows.length, rows: rows.slice(skip, skip + Number(request.$top)) };
  });
  const element = (more: Props = {}): ReactElement => (
    <SchemaGrid<Row>
      page={page}
      fetchRows={fetchRows}
      can={() => true}
      onAction={() => {}}
      {...props}
      {...more}
    />
  );
  const view = renderWithProviders(element());
  return {
    requests,
    fetchRows,
    last: () => requests.at(-1)!,
    /** Renders the same grid again with other props (the app pushing new values). */
    update: (more: Props) => view.rerender(element(more)),
    user: userEvent.setup(),
  };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

async function openFilter(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(
    within(header(title)).getByRole('button', { name: new RegExp(`^Filter ${title}`) }),
  );
  return screen.findByRole('dialog', { name: new RegExp(`^Filter ${title}`) });
}

async function apply(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('SchemaGrid rowUpdates', () => {
  it('shows pushed values in place, keeping the page and the selection, without a fetch', async () => {
    const onSelectionChange = vi.fn();
    const { user, fetchRows, update, last } = renderGrid({ selectable: true, onSelectionChange });
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Row 6');
    expect(last().$skip).toBe('5');
    await user.click(screen.getByRole('checkbox', { name: 'Select Row 7' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ Id: 7 })]);
    const fetched = fetchRows.mock.calls.length;
    const reported = onSelectionChange.mock.calls.length;

    const at = Date.now();
    const updates = new Map<string, RowUpdate<Row>>([
      ['7', { values: { Name: 'Row 7 moved', State: 'R' }, at }],
      ['1', { values: { Name: 'Not on this page' }, at }],
    ]);
    update({ selectable: true, onSelectionChange, rowUpdates: updates });

    const changed = await screen.findByRole('row', { name: /Row 7 moved/ });
    expect(within(changed).getByText('R')).toBeInTheDocument();
    expect(changed).toHaveAttribute('data-changed-at', String(at));
    expect(screen.queryByText('Not on this page')).not.toBeInTheDocument();
    expect(within(rowOf('Row 8')).getByText('A')).toBeInTheDocument();
    expect(fetchRows).toHaveBeenCalledTimes(fetched);
    expect(screen.getByRole('checkbox', { name: 'Select Row 7 moved' })).toBeChecked();
    expect(onSelectionChange).toHaveBeenCalledTimes(reported);
    expect(screen.getByRole('status')).toHaveTextContent('6–10 of 12');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps the column filters when values are pushed', async () => {
    const { user, fetchRows, update, last } = renderGrid();
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'Name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'row');
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("contains(tolower(Name), 'row')"));
    const fetched = fetchRows.mock.calls.length;

    update({ rowUpdates: new Map([['2', { values: { State: 'G' }, at: Date.now() }]]) });

    await waitFor(() => expect(within(rowOf('Row 2')).getByText('G')).toBeInTheDocument());
    expect(fetchRows).toHaveBeenCalledTimes(fetched);
    expect(
      within(header('Name')).getByRole('button', { name: 'Filter Name (active)' }),
    ).toBeInTheDocument();
  });
});

describe('SchemaGrid onRowClick', () => {
  it('opens a row clicked or entered, but not one whose checkbox is clicked', async () => {
    const onRowClick = vi.fn();
    const { user } = renderGrid({ onRowClick, selectable: true });
    await screen.findByText('Row 3');

    await user.click(within(rowOf('Row 3')).getByText('Sunny 3'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ Id: 3 }));

    rowOf('Row 4').focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ Id: 4 }));

    await user.keyboard(' ');
    expect(onRowClick).toHaveBeenCalledTimes(2);

    const checkbox = screen.getByRole('checkbox', { name: 'Select Row 5' });
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('leaves rows plain (not focusable) without onRowClick', async () => {
    renderGrid();
    await screen.findByText('Row 3');
    expect(rowOf('Row 3')).not.toHaveAttribute('tabindex');
  });
});

describe('SchemaGrid empty message and page sizes', () => {
  it('shows the app’s empty message in place of “No Results Found!”', async () => {
    renderGrid({ emptyMessage: <p>There are no mine deliveries.</p> }, []);
    expect(await screen.findByText('There are no mine deliveries.')).toBeInTheDocument();
    expect(screen.queryByText('No Results Found!')).not.toBeInTheDocument();
  });

  it('says “No Results Found!” without one', async () => {
    renderGrid({}, []);
    expect(await screen.findByText('No Results Found!')).toBeInTheDocument();
  });

  it('offers exactly the page sizes given, and asks for the one chosen', async () => {
    const { user, last } = renderGrid({
      page: { ...page, PageSize: 10 },
      pageSizes: [10, 20, 100],
    });
    await screen.findByText('Row 10');
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '100']);
    expect(sizes).toHaveValue('10');

    await user.selectOptions(sizes, '100');
    await waitFor(() => expect(last()).toMatchObject({ $top: '100', $skip: '0' }));
    expect(await screen.findByText('Row 12')).toBeInTheDocument();
  });
});

describe('SchemaGrid filter popups', () => {
  it('filters the fields of a column’s FilterFields as titled number ranges', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    let dialog = await openFilter(user, 'Weather');
    const temperature = within(dialog).getByRole('group', { name: 'Temperature (°C)' });
    const wind = within(dialog).getByRole('group', { name: 'Wind speed (km/h)' });
    expect(within(dialog).queryByRole('combobox', { name: 'Operator' })).not.toBeInTheDocument();

    await user.type(within(temperature).getByRole('textbox', { name: 'From' }), '3');
    await user.type(within(wind).getByRole('textbox', { name: 'To' }), '20');
    await apply(user, dialog);

    await waitFor(() =>
      expect(last().$filter).toBe('WeatherForecastTemperature ge 3 and WindSpeed le 20'),
    );
    expect(
      within(header('Weather')).getByRole('button', { name: 'Filter Weather (active)' }),
    ).toBeInTheDocument();

    dialog = await openFilter(user, 'Weather');
    expect(
      within(within(dialog).getByRole('group', { name: 'Temperature (°C)' })).getByRole('textbox', {
        name: 'From',
      }),
    ).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(last().$filter).toBeUndefined());
  });

  it('shows only the value list for FilterByValuesOnly, drawn by renderFilterValue', async () => {
    const fetchValues = vi.fn(async () => ['R', 'A', 'G']);
    const { user, last } = renderGrid({
      fetchValues,
      renderFilterValue: { State: (code) => <strong>State {code}</strong> },
    });
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'State');
    const values = within(dialog).getByRole('group', { name: 'Values' });
    await waitFor(() =>
      expect(
        within(values)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('value')),
      ).toEqual(['A', 'G', 'R']),
    );
    expect(within(values).getByRole('checkbox', { name: 'State R' })).toBeInTheDocument();
    expect(within(values).getByText('State G').tagName).toBe('STRONG');
    expect(within(dialog).queryByRole('combobox', { name: 'Operator' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Text' })).not.toBeInTheDocument();

    await user.click(within(values).getByRole('checkbox', { name: 'State R' }));
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("State eq 'R'"));
  });

  it('shows the operator and text with the value list for other text columns, values as they are', async () => {
    const fetchValues = vi.fn(async () => ['Row 1', 'Row 2']);
    const { user } = renderGrid({
      fetchValues,
      renderFilterValue: { State: (code) => <strong>State {code}</strong> },
    });
    await screen.findByText('Sunny 1');
    const dialog = await openFilter(user, 'Name');
    expect(within(dialog).getByRole('combobox', { name: 'Operator' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Text' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('checkbox', { name: 'Row 2' })).toBeInTheDocument();
  });

  it('asks a value list for the values within every other filter, never the column’s own', async () => {
    const fetchValues = vi.fn(async (field: string) =>
      field === 'State' ? ['A', 'R'] : ['Row 2'],
    );
    const { user, last } = renderGrid({ fetchValues });
    await screen.findByText('Row 1');

    let dialog = await openFilter(user, 'Name');
    await waitFor(() =>
      expect(fetchValues).toHaveBeenLastCalledWith('Name', '', { $filter: undefined }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'row');
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("contains(tolower(Name), 'row')"));

    dialog = await openFilter(user, 'State');
    await waitFor(() =>
      expect(fetchValues).toHaveBeenLastCalledWith('State', '', {
        $filter: "contains(tolower(Name), 'row')",
      }),
    );
    await user.click(await within(dialog).findByRole('checkbox', { name: 'R' }));
    await apply(user, dialog);
    await waitFor(() =>
      expect(last().$filter).toBe("contains(tolower(Name), 'row') and State eq 'R'"),
    );

    dialog = await openFilter(user, 'Name');
    await waitFor(() =>
      expect(fetchValues).toHaveBeenLastCalledWith('Name', '', { $filter: "State eq 'R'" }),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Text' })).toHaveValue('row');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openFilter(user, 'State');
    await waitFor(() =>
      expect(fetchValues).toHaveBeenLastCalledWith('State', '', {
        $filter: "contains(tolower(Name), 'row')",
      }),
    );
    expect(await within(dialog).findByRole('checkbox', { name: 'R' })).toBeChecked();
  });
});
