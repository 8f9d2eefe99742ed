import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GridPage } from '#metadata';
import { SchemaGrid, type ODataRequest } from '#platform/ui';
import { gridColumn, testGridPage } from '../support/grid-page';
import { renderWithProviders } from '../support/render';

const column = gridColumn;

const page: GridPage = testGridPage({
  Id: 9,
  DataSourceId: 9,
  Columns: [
    column(1, 'Name', 'string'),
    column(2, 'Score', 'number', { Format: '0.0' }),
    column(3, 'Born', 'date'),
    column(4, 'LastLogin', 'datetime', { Title: 'Last login' }),
    column(5, 'Active', 'boolean', { Format: 'yesno' }),
    column(6, 'Roles', 'list'),
    column(7, 'Email', 'string', { Filterable: false }),
  ],
});

const rows = Array.from({ length: 12 }, (_, i) => ({
  Id: i + 1,
  Name: `Row ${i + 1}`,
  Score: i,
  Born: '2026-11-22',
  LastLogin: '2026-11-22T10:00:00Z',
  Active: true,
  Roles: [{ Name: 'Admin' }],
  Email: 'a@example.com',
}));

/** The filter the page's request carries, as the fake server saw it last. */
function renderGrid(fetchValues?: (field: string, search: string) => Promise<string[]>) {
  const requests: ODataRequest[] = [];
  const fetchRows = vi.fn(async (request: ODataRequest) => {
    requests.push(request);
    const skip = Number(request.$skip);
    return { count: rows.length, rows: rows.slice(skip, skip + Number(request.$top)) };
  });
  renderWithProviders(
    <SchemaGrid
      page={page}
      fetchRows={fetchRows}
      fetchValues={fetchValues}
      can={() => true}
      onAction={() => {}}
    />,
  );
  return { requests, last: () => requests.at(-1)!, user: userEvent.setup() };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

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

describe('SchemaGrid filters: text', () => {
  it('opens a popup 310 px wide named after the column', async () => {
    const { user } = renderGrid();
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'Name');
    // Mantine writes 310 px as rem at the theme's scale (310 / 16 = 19.375).
    expect(dialog.style.width).toBe('calc(19.375rem * var(--mantine-scale))');
    expect(within(dialog).getByRole('combobox', { name: 'Operator' })).toHaveValue('contains');
  });

  it('matches part of the text by default, marks the column and goes back to page 1', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Row 6');

    const dialog = await openFilter(user, 'Name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), "O'Br{Enter}");
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(last()).toEqual({
        $top: '5',
        $skip: '0',
        $filter: "contains(tolower(Name), 'o''br')",
        $count: 'true',
      }),
    );
    expect(
      within(header('Name')).getByRole('button', { name: 'Filter Name (active)' }),
    ).toBeInTheDocument();
    expect(
      within(header('Score')).getByRole('button', { name: 'Filter Score' }),
    ).toBeInTheDocument();
  });

  it('offers equals, starts with and ends with, and shows the applied filter when reopened', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    let dialog = await openFilter(user, 'Name');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Operator' }),
      'Starts with',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Ro');
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("startswith(tolower(Name), 'ro')"));

    dialog = await openFilter(user, 'Name');
    expect(within(dialog).getByRole('combobox', { name: 'Operator' })).toHaveValue('startswith');
    expect(within(dialog).getByRole('textbox', { name: 'Text' })).toHaveValue('Ro');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Operator' }),
      'Ends with',
    );
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("endswith(tolower(Name), 'ro')"));

    dialog = await openFilter(user, 'Name');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Operator' }),
      'Is equal to',
    );
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("tolower(Name) eq 'ro'"));
  });

  it('removes the filter with Clear, and leaves it alone on Escape', async () => {
    const { user, last, requests } = renderGrid();
    await screen.findByText('Row 1');
    let dialog = await openFilter(user, 'Name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'x');
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("contains(tolower(Name), 'x')"));

    dialog = await openFilter(user, 'Name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'yz');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = requests.length;

    dialog = await openFilter(user, 'Name');
    expect(within(dialog).getByRole('textbox', { name: 'Text' })).toHaveValue('x');
    expect(requests).toHaveLength(sent);
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(last().$filter).toBeUndefined());
    expect(within(header('Name')).getByRole('button', { name: 'Filter Name' })).toBeInTheDocument();
  });

  it('lists the column’s values to search, sort and tick', async () => {
    const fetchValues = vi.fn(async (_field: string, search: string) =>
      ["D'Arcy", 'Ann', 'Bo', 'Annette'].filter((value) =>
        value.toLowerCase().includes(search.toLowerCase()),
      ),
    );
    const { user, last } = renderGrid(fetchValues);
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'Name');
    const values = () =>
      within(within(dialog).getByRole('group', { name: 'Values' })).getAllByRole('checkbox');
    const labels = () => values().map((box) => box.getAttribute('value'));
    await waitFor(() => expect(labels()).toEqual(['Ann', 'Annette', 'Bo', "D'Arcy"]));
    expect(fetchValues).toHaveBeenCalledWith('Name', '', { $filter: undefined });

    await user.click(within(dialog).getByRole('button', { name: 'Sort values Z–A' }));
    expect(labels()).toEqual(["D'Arcy", 'Bo', 'Annette', 'Ann']);
    await user.click(within(dialog).getByRole('button', { name: 'Sort values A–Z' }));

    await user.click(within(dialog).getByRole('checkbox', { name: "D'Arcy" }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Search values' }), 'ann');
    await waitFor(() =>
      expect(fetchValues).toHaveBeenLastCalledWith('Name', 'ann', { $filter: undefined }),
    );
    await waitFor(() => expect(labels()).toEqual(['Ann', 'Annette', "D'Arcy"]));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ann' }));
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe("(Name eq 'D''Arcy' or Name eq 'Ann')"));
  });
});

describe('SchemaGrid filters: other types', () => {
  it('bounds numbers from and to', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'Score');
    await user.type(within(dialog).getByRole('textbox', { name: 'From' }), '1.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), '3');
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe('Score ge 1.5 and Score le 3'));
  });

  it('bounds days from and to, both included', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'Born');
    await user.type(within(dialog).getByRole('textbox', { name: 'From' }), '22/11/2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), '30/11/2026');
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe('Born ge 2026-11-22 and Born le 2026-11-30'));
  });

  it('bounds moments by whole local days', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'Last login');
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), '30/11/2026');
    await apply(user, dialog);
    const endOfDay = new Date(2026, 11, 1).toISOString().replace('.000Z', 'Z');
    await waitFor(() => expect(last().$filter).toBe(`LastLogin lt ${endOfDay}`));
  });

  it('filters booleans by yes or no, and any removes the filter', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    let dialog = await openFilter(user, 'Active');
    expect(within(dialog).getByRole('radio', { name: 'Any' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBe('Active eq true'));

    dialog = await openFilter(user, 'Active');
    await user.click(within(dialog).getByRole('radio', { name: 'Any' }));
    await apply(user, dialog);
    await waitFor(() => expect(last().$filter).toBeUndefined());
  });

  it('finds rows with an item whose name contains the text', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    const dialog = await openFilter(user, 'Roles');
    await user.type(within(dialog).getByRole('textbox', { name: 'Has a name containing' }), 'Adm');
    await apply(user, dialog);
    await waitFor(() =>
      expect(last().$filter).toBe("Roles/any(r: contains(tolower(r/Name), 'adm'))"),
    );
  });

  it('combines the filters of several columns with and', async () => {
    const { user, last } = renderGrid();
    await screen.findByText('Row 1');
    let dialog = await openFilter(user, 'Name');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'row');
    await apply(user, dialog);
    dialog = await openFilter(user, 'Active');
    await user.click(within(dialog).getByRole('radio', { name: 'No' }));
    await apply(user, dialog);
    await waitFor(() =>
      expect(last().$filter).toBe("contains(tolower(Name), 'row') and Active eq false"),
    );
  });

  it('has no filter on a column that is not filterable', async () => {
    renderGrid();
    await screen.findByText('Row 1');
    expect(within(header('Email')).getByRole('button', { name: 'Email' })).toBeInTheDocument();
    expect(
      within(header('Email')).queryByRole('button', { name: /^Filter/ }),
    ).not.toBeInTheDocument();
  });
});
