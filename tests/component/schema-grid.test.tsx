import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GridAction, GridColumn, GridPage, GridRowAction } from '#metadata';
import {
  SchemaGrid,
  type FetchOptions,
  type ODataRequest,
  type RowPage,
  type SchemaGridProps,
} from '#platform/ui';
import { renderWithProviders } from '../support/render';

interface User {
  Id: number;
  Name: string;
  Email: string;
  Active: boolean;
  Score: number;
  Born: string;
  LastLogin: string;
  Roles: { Name: string }[];
}

const column = (
  Id: number,
  Field: string,
  Type: GridColumn['Type'],
  extra: Partial<GridColumn> = {},
) => ({ Id, Field, Title: Field, Format: null, Type, Order: Id, ...extra }) satisfies GridColumn;

const newAction: GridAction = {
  Id: 1,
  Title: 'New',
  Type: 'New',
  UrlToRedirect: null,
  Order: 1,
  Permission: 'ManageUsers',
};
const auditAction: GridAction = {
  Id: 2,
  Title: 'Audit',
  Type: 'Redirect',
  UrlToRedirect: '/audit',
  Order: 2,
  Permission: 'Audit',
};
const editAction: GridRowAction = {
  Id: 3,
  Title: 'Edit',
  Type: 'Edit',
  UrlToRedirect: null,
  Order: 1,
  Permission: 'ManageUsers',
};
const viewAction: GridRowAction = {
  Id: 4,
  Title: 'View',
  Type: 'View',
  UrlToRedirect: null,
  Order: 2,
};
const deleteAction: GridRowAction = {
  Id: 5,
  Title: 'Delete',
  Type: 'Delete',
  UrlToRedirect: null,
  Order: 3,
  Permission: 'DeleteUsers',
};

function usersPage(overrides: Partial<GridPage> = {}): GridPage {
  return {
    Id: 7,
    PageTitle: 'Users',
    DataSourceId: 7,
    DataSourceName: 'Users',
    EntityType: 'User',
    PkField: 'Id',
    Api: { Get: '/api/users/{id}', Save: '/api/users', Delete: null },
    SchemaDefinition: {},
    FormDefinition: null,
    Columns: [
      column(1, 'Name', 'string'),
      column(2, 'Email', 'string', { Sortable: false }),
      column(3, 'Active', 'boolean', { Format: 'check' }),
      column(4, 'Score', 'number', { Format: '0.0' }),
    ],
    Actions: [newAction, auditAction],
    RowActions: [deleteAction, editAction, viewAction],
    PageSize: 5,
    DefaultSort: [{ Field: 'Id', Desc: true }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    ListUrl: '/odata/UsersOData',
    DetailUrl: '/admin/users/{id}',
    Permission: '',
    IsSystem: true,
    Version: 1,
    ...overrides,
  };
}

const pad = (n: number) => String(n).padStart(3, '0');
const manyUsers: User[] = Array.from({ length: 153 }, (_, i) => ({
  Id: i + 1,
  Name: `User ${pad(i + 1)}`,
  Email: `user${i + 1}@example.com`,
  Active: i % 3 !== 0,
  Score: i / 4,
  Born: '1990-07-04',
  LastLogin: '2026-11-22T14:05:00',
  Roles: [{ Name: 'Admin' }, { Name: 'Planner' }],
}));

/** Most tests page through 23 users, 5 a page, newest first. */
const users = manyUsers.slice(0, 23);

/** Serves `rows` by $orderby, $skip and $top (filters only recorded) and records every request. */
function fakeServer(rows: User[] = users) {
  const requests: ODataRequest[] = [];
  const fetchRows = vi.fn(async (request: ODataRequest) => {
    requests.push(request);
    const keys = (request.$orderby ?? '')
      .split(',')
      .filter(Boolean)
      .map((term) => term.split(' ') as [keyof User, string]);
    const sorted = [...rows].sort((a, b) => {
      for (const [field, direction] of keys) {
        const order = String(a[field]).localeCompare(String(b[field]), 'en', { numeric: true });
        if (order !== 0) return direction === 'desc' ? -order : order;
      }
      return 0;
    });
    const skip = Number(request.$skip);
    return { count: rows.length, rows: sorted.slice(skip, skip + Number(request.$top)) };
  });
  return { fetchRows, requests, last: () => requests.at(-1)! };
}

function renderGrid(props: Partial<SchemaGridProps<User>> = {}) {
  const server = fakeServer();
  const onAction = vi.fn();
  const allowed = new Set(['ManageUsers']);
  const view = renderWithProviders(
    <SchemaGrid<User>
      page={usersPage()}
      fetchRows={server.fetchRows}
      can={(permission) => permission === undefined || allowed.has(permission)}
      onAction={onAction}
      {...props}
    />,
  );
  return { ...view, server, onAction, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Users' });
/** Data rows (not the header row), as shown. */
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const summary = () => screen.getByRole('status');
const pagerButton = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name });

describe('SchemaGrid: paging', () => {
  it('asks for the first page in the default order, 20 rows unless the page says otherwise', async () => {
    const server = fakeServer(manyUsers);
    renderWithProviders(
      <SchemaGrid
        page={usersPage({ PageSize: 0 })}
        fetchRows={server.fetchRows}
        can={() => true}
        onAction={() => {}}
      />,
    );
    expect(await screen.findByText('User 153')).toBeInTheDocument();
    expect(server.requests).toEqual([
      { $top: '20', $skip: '0', $orderby: 'Id desc', $count: 'true' },
    ]);
    expect(bodyRows()).toHaveLength(20);
    expect(summary()).toHaveTextContent('1–20 of 153');
  });

  it('moves between pages and cannot go past the last one', async () => {
    const { server, user } = renderGrid();
    await screen.findByText('User 023');
    expect(server.last()).toEqual({ $top: '5', $skip: '0', $orderby: 'Id desc', $count: 'true' });
    expect(summary()).toHaveTextContent('1–5 of 23');
    expect(pagerButton('Previous page')).toBeDisabled();

    await user.click(pagerButton('Next page'));
    await screen.findByText('User 018');
    expect(server.last()).toMatchObject({ $top: '5', $skip: '5' });
    expect(summary()).toHaveTextContent('6–10 of 23');

    await user.click(pagerButton('Last page'));
    await screen.findByText('User 001');
    expect(server.last()).toMatchObject({ $skip: '20' });
    expect(summary()).toHaveTextContent('21–23 of 23');
    expect(firstCells()).toEqual(['User 003', 'User 002', 'User 001']);
    expect(pagerButton('Next page')).toBeDisabled();
    expect(pagerButton('Last page')).toBeDisabled();

    await user.click(pagerButton('Page 3'));
    await screen.findByText('User 013');
    expect(server.last()).toMatchObject({ $skip: '10' });
    expect(pagerButton('Page 3')).toHaveAttribute('aria-current', 'page');
  });

  it('offers the usual page sizes plus the page’s own, and reloads with the chosen one', async () => {
    const { server, user } = renderGrid({ page: usersPage({ PageSize: 7 }) });
    await screen.findByText('User 023');
    expect(server.last()).toMatchObject({ $top: '7' });
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '7', '10', '15', '20', '50', '100']);
    await user.selectOptions(sizes, '10');
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(server.last()).toMatchObject({ $top: '10', $skip: '0' });
    expect(summary()).toHaveTextContent('1–10 of 23');
  });

  it('reloads the same page on refresh and when the refresh key changes', async () => {
    const { server, user, rerender, onAction } = renderGrid();
    await screen.findByText('User 023');
    await user.click(pagerButton('Next page'));
    await screen.findByText('User 018');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.requests).toHaveLength(3));
    expect(server.requests[2]).toEqual(server.requests[1]);

    rerender(
      <SchemaGrid<User>
        page={usersPage()}
        fetchRows={server.fetchRows}
        can={() => true}
        onAction={onAction}
        refreshKey={1}
      />,
    );
    await waitFor(() => expect(server.requests).toHaveLength(4));
    expect(server.requests[3]).toEqual(server.requests[1]);
  });

  it('aborts an older request and ignores its response should it still arrive', async () => {
    const pending = new Map<string, { resolve(page: RowPage<User>): void; signal: AbortSignal }>();
    const fetchRows = (request: ODataRequest, { signal }: FetchOptions) =>
      new Promise<RowPage<User>>((resolve) => pending.set(request.$skip, { resolve, signal }));
    const { user } = renderGrid({ fetchRows });
    await act(async () => pending.get('0')!.resolve({ count: 23, rows: users.slice(0, 5) }));
    await user.click(pagerButton('Next page'));
    await user.click(pagerButton('Next page'));
    expect([...pending.keys()]).toEqual(['0', '5', '10']);
    expect(pending.get('5')!.signal.aborted).toBe(true);
    expect(pending.get('10')!.signal.aborted).toBe(false);

    await act(async () => pending.get('10')!.resolve({ count: 23, rows: [users[12]!] }));
    await act(async () => pending.get('5')!.resolve({ count: 23, rows: [users[6]!] }));
    expect(firstCells()).toEqual(['User 013']);
    expect(summary()).toHaveTextContent('11–15 of 23');
  });

  it('goes to the last page when rows removed elsewhere leave it past the end', async () => {
    const rows = [...users];
    const server = fakeServer(rows);
    const user = userEvent.setup();
    const grid = (refreshKey: number) => (
      <SchemaGrid<User>
        page={usersPage()}
        fetchRows={server.fetchRows}
        can={() => true}
        onAction={() => {}}
        refreshKey={refreshKey}
      />
    );
    const { rerender } = renderWithProviders(grid(0));
    await screen.findByText('User 023');
    await user.click(pagerButton('Last page'));
    await screen.findByText('User 001');
    rows.splice(20);
    rerender(grid(1));
    await waitFor(() => expect(server.last()).toMatchObject({ $skip: '15' }));
    expect(await screen.findByText('User 001')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('16–20 of 20');
  });
});

describe('SchemaGrid: sorting', () => {
  it('cycles a header through ascending, descending and back to the default order', async () => {
    const { server, user } = renderGrid();
    await screen.findByText('User 023');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    const sortByName = within(header('Name')).getByRole('button', { name: 'Name' });

    await user.click(sortByName);
    await waitFor(() => expect(server.last()).toMatchObject({ $orderby: 'Name asc' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await screen.findByText('User 001');

    await user.click(sortByName);
    await waitFor(() => expect(server.last()).toMatchObject({ $orderby: 'Name desc' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');

    await user.click(sortByName);
    await waitFor(() => expect(server.last()).toMatchObject({ $orderby: 'Id desc' }));
    expect(header('Name')).not.toHaveAttribute('aria-sort');
  });

  it('shows the default order on its header when that column is displayed', async () => {
    renderGrid({ page: usersPage({ DefaultSort: [{ Field: 'Score', Desc: true }] }) });
    await screen.findByText('User 023');
    expect(header('Score')).toHaveAttribute('aria-sort', 'descending');
  });

  it('adds sort keys with shift-click and starts again without shift', async () => {
    const { server, user } = renderGrid();
    await screen.findByText('User 023');
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    await user.keyboard('{Shift>}');
    await user.click(within(header('Score')).getByRole('button', { name: 'Score' }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(server.last()).toMatchObject({ $orderby: 'Name asc,Score asc' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Score')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(header('Score')).getByRole('button', { name: 'Score' }));
    await waitFor(() => expect(server.last()).toMatchObject({ $orderby: 'Score desc' }));
    expect(header('Score')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
  });

  it('returns to the first page when the order changes', async () => {
    const { server, user } = renderGrid();
    await screen.findByText('User 023');
    await user.click(pagerButton('Next page'));
    await screen.findByText('User 018');
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(server.last()).toEqual({
        $top: '5',
        $skip: '0',
        $orderby: 'Name asc',
        $count: 'true',
      }),
    );
  });

  it('offers no sorting on a column that is not sortable', async () => {
    renderGrid();
    await screen.findByText('User 023');
    expect(
      within(header('Email')).queryByRole('button', { name: 'Email' }),
    ).not.toBeInTheDocument();
    expect(
      within(header('Email')).getByRole('button', { name: 'Filter Email' }),
    ).toBeInTheDocument();
  });

  it('sorts and opens filters from the keyboard, and Escape returns to the filter button', async () => {
    const { server, user } = renderGrid();
    await screen.findByText('User 023');
    await user.tab();
    expect(screen.getByRole('button', { name: 'New' })).toHaveFocus();
    await user.tab();
    expect(within(header('Name')).getByRole('button', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.last()).toMatchObject({ $orderby: 'Name asc' }));
    await user.keyboard(' ');
    await waitFor(() => expect(server.last()).toMatchObject({ $orderby: 'Name desc' }));

    await user.tab();
    const filterButton = within(header('Name')).getByRole('button', { name: 'Filter Name' });
    expect(filterButton).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Filter Name' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Text' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(filterButton).toHaveFocus();
  });
});

describe('SchemaGrid: cells', () => {
  it('formats each column type and keeps the full text of a cut one as a title', async () => {
    const long = 'A name much longer than thirty-two characters, and than its column';
    const row: User = {
      Id: 1,
      Name: long,
      Email: 'ann@example.com',
      Active: true,
      Score: 3.14159,
      Born: '1990-07-04',
      LastLogin: '2026-11-22T14:05:00',
      Roles: [{ Name: 'Admin' }, { Name: 'Planner' }],
    };
    const inactive: User = { ...row, Id: 2, Name: 'Bo', Active: false, Score: 2 };
    const page = usersPage({
      Columns: [
        ...usersPage().Columns,
        column(5, 'Born', 'date'),
        column(6, 'LastLogin', 'datetime', { Title: 'Last login' }),
        column(7, 'Roles', 'list'),
      ],
    });
    renderGrid({ page, fetchRows: async () => ({ count: 2, rows: [row, inactive] }) });
    const [first, second] = await waitFor(() => {
      const rows = bodyRows();
      expect(rows).toHaveLength(2);
      return rows.map((tr) => within(tr).getAllByRole('cell'));
    });
    // The column's width cuts the text (CSS); the whole text stays in the cell and its title.
    expect(first![0]).toHaveTextContent(long);
    expect(within(first![0]!).getByTitle(long)).toBeInTheDocument();
    expect(within(second![0]!).getByText('Bo')).not.toHaveAttribute('title');
    expect(within(first![2]!).getByRole('img', { name: 'Yes' })).toBeInTheDocument();
    expect(second![2]).toHaveTextContent('No');
    expect(within(second![2]!).queryByRole('img')).not.toBeInTheDocument();
    expect(first![3]).toHaveTextContent('3.1');
    expect(second![3]).toHaveTextContent('2.0');
    expect(first![4]).toHaveTextContent('04/07/1990');
    // A moment without a pattern: the reader's language (24-hour in en-gb), the zone named.
    expect(first![5]).toHaveTextContent(/^22\/11\/2026, 14:05 \S+$/);
    expect(first![6]).toHaveTextContent('Admin, Planner');
  });

  it('says Yes and No for yesno booleans, and follows date formats and string lists', async () => {
    const page = usersPage({
      Columns: [
        column(1, 'Active', 'boolean', { Format: 'yesno' }),
        column(2, 'Born', 'date', { Format: 'YYYY/MM/DD' }),
        column(3, 'Roles', 'list'),
      ],
      RowActions: [],
    });
    renderWithProviders(
      <SchemaGrid
        page={page}
        fetchRows={async () => ({
          count: 1,
          rows: [{ Id: 1, Active: false, Born: '2026-01-31', Roles: ['a', 'b'] }],
        })}
        can={() => true}
        onAction={() => {}}
      />,
    );
    await screen.findByText('No');
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['No', '2026/01/31', 'a, b']);
  });

  it('renders a field with the renderer the app registered for it', async () => {
    renderGrid({
      renderCell: { Name: (value, row) => <a href={`/users/${row.Id}`}>{String(value)}</a> },
    });
    expect(await screen.findByRole('link', { name: 'User 023' })).toHaveAttribute(
      'href',
      '/users/23',
    );
  });

  it('translates column titles, falling back to the title itself', async () => {
    const page = usersPage({
      Columns: [
        column(1, 'Name', 'string', { Title: 'PAGES.USERS.NAME' }),
        column(2, 'Email', 'string'),
      ],
    });
    const { i18n } = renderGrid({ page });
    await screen.findByText('User 023');
    expect(screen.getByRole('columnheader', { name: /^PAGES.USERS.NAME/ })).toBeInTheDocument();
    await act(async () => {
      i18n.addResource('en-gb', 'translation', 'PAGES.USERS.NAME', 'Full name');
      await i18n.changeLanguage('en-gb');
    });
    expect(await screen.findByRole('columnheader', { name: /^Full name/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Email/ })).toBeInTheDocument();
  });
});

describe('SchemaGrid: actions and selection', () => {
  it('shows the grid and row actions the user may use and reports which was chosen', async () => {
    const { onAction, user } = renderGrid();
    await screen.findByText('User 023');
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Audit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(onAction).toHaveBeenLastCalledWith(newAction);

    const row = bodyRows()[0]!;
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit', 'View']);
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(onAction).toHaveBeenLastCalledWith(editAction, expect.objectContaining({ Id: 23 }));
    await user.click(within(bodyRows()[1]!).getByRole('button', { name: 'View' }));
    expect(onAction).toHaveBeenLastCalledWith(viewAction, expect.objectContaining({ Id: 22 }));
  });

  it('hands Delete to the app without asking anything itself', async () => {
    const { onAction, user } = renderGrid({ can: () => true });
    await screen.findByText('User 023');
    expect(screen.getByRole('button', { name: 'Audit' })).toBeInTheDocument();
    await user.click(within(bodyRows()[2]!).getByRole('button', { name: 'Delete' }));
    expect(onAction).toHaveBeenCalledWith(deleteAction, expect.objectContaining({ Id: 21 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no actions column when the user may use no row action', async () => {
    renderGrid({ page: usersPage({ RowActions: [deleteAction] }) });
    await screen.findByText('User 023');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')).toHaveLength(4);
  });

  it('selects rows one by one or the whole page, and starts each page unselected', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderGrid({ selectable: true, onSelectionChange });
    await screen.findByText('User 023');
    const selectAll = () => screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    await user.click(screen.getByRole('checkbox', { name: 'Select User 022' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ Id: 22 })]);
    expect(selectAll()).not.toBeChecked();
    expect(selectAll()).toHaveAttribute('data-indeterminate', 'true');

    await user.click(selectAll());
    expect(onSelectionChange.mock.lastCall![0].map((row: User) => row.Id)).toEqual([
      23, 22, 21, 20, 19,
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select User 019' })).toBeChecked();
    expect(selectAll()).toBeChecked();

    await user.click(pagerButton('Next page'));
    await screen.findByText('User 018');
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([]));
    expect(screen.getByRole('checkbox', { name: 'Select User 018' })).not.toBeChecked();
    expect(selectAll()).not.toBeChecked();
  });
});

describe('SchemaGrid: states', () => {
  it('says so when nothing is found', async () => {
    renderGrid({ fetchRows: async () => ({ count: 0, rows: [] }) });
    expect(await screen.findByText('No Results Found!')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('0 of 0');
    expect(pagerButton('Next page')).toBeDisabled();
  });

  it('shows that it is loading until the first page arrives', async () => {
    let resolve: (page: { count: number; rows: User[] }) => void = () => {};
    renderGrid({ fetchRows: () => new Promise((done) => (resolve = done)) });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'true');
    await act(async () => resolve({ count: 1, rows: [users[0]!] }));
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });

  it('reports a failed load and tries again on request', async () => {
    const server = fakeServer();
    const fetchRows = vi.fn(server.fetchRows).mockRejectedValueOnce(new Error('502'));
    const { user } = renderGrid({ fetchRows });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('User 023')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders only the rows in view of a long page, as real table rows', async () => {
    // jsdom has no layout: give the scrolling area the height of about twelve rows.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(450);
    try {
      const server = fakeServer(manyUsers);
      renderGrid({
        page: usersPage({ PageSize: 100, RowActions: [] }),
        fetchRows: server.fetchRows,
      });
      expect(await screen.findByText('User 153')).toBeInTheDocument();
      expect(server.last()).toMatchObject({ $top: '100' });
      const shown = firstCells();
      expect(shown.slice(0, 3)).toEqual(['User 153', 'User 152', 'User 151']);
      expect(shown.length).toBeGreaterThan(10);
      expect(shown.length).toBeLessThan(40);
      expect(summary()).toHaveTextContent('1–100 of 153');
    } finally {
      height.mockRestore();
    }
  });
});

describe('SchemaGrid: default filter', () => {
  it('applies the page’s default filter, shows it, and lets the user clear it', async () => {
    const { server, user } = renderGrid({ page: usersPage({ DefaultFilter: 'Active eq true' }) });
    await screen.findByText('User 023');
    expect(server.last()).toMatchObject({ $filter: 'Active eq true' });
    expect(screen.getByText('Default filter: Active eq true')).toBeInTheDocument();

    await user.click(pagerButton('Next page'));
    await user.click(screen.getByRole('button', { name: 'Clear the default filter' }));
    await waitFor(() =>
      expect(server.last()).toEqual({ $top: '5', $skip: '0', $orderby: 'Id desc', $count: 'true' }),
    );
    expect(screen.queryByText('Default filter: Active eq true')).not.toBeInTheDocument();
  });

  it('names the default filter by its title when the page gives one', async () => {
    renderGrid({
      page: usersPage({ DefaultFilter: 'Active eq true', DefaultFilterTitle: 'GRID.ACTIVE_ONLY' }),
    });
    expect(await screen.findByText('Active only')).toBeInTheDocument();
    expect(screen.queryByText(/Default filter/)).not.toBeInTheDocument();
  });

  it('is a filter like the others: ANDed to a column filter, and kept when that is cleared', async () => {
    const { server, user } = renderGrid({
      page: usersPage({ DefaultFilter: 'Active eq true', DefaultFilterTitle: 'GRID.ACTIVE_ONLY' }),
    });
    await screen.findByText('User 023');
    await user.click(screen.getByRole('button', { name: 'Filter Score' }));
    let dialog = await screen.findByRole('dialog', { name: /^Filter Score/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'From' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(server.last()).toMatchObject({ $filter: '(Active eq true) and Score ge 2' }),
    );
    expect(screen.getByText('Active only')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filter Score (active)' }));
    dialog = await screen.findByRole('dialog', { name: /^Filter Score/ });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(server.last()).toMatchObject({ $filter: 'Active eq true' }));
    expect(screen.getByText('Active only')).toBeInTheDocument();
  });

  it('is removed only by the user, and can be put back', async () => {
    const { server, user } = renderGrid({
      page: usersPage({ DefaultFilter: 'Active eq true', DefaultFilterTitle: 'GRID.ACTIVE_ONLY' }),
    });
    await screen.findByText('User 023');
    await user.click(screen.getByRole('button', { name: 'Filter Active' }));
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(server.last()).toMatchObject({ $filter: '(Active eq true) and Active eq false' }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear the default filter' }));
    await waitFor(() => expect(server.last()).toMatchObject({ $filter: 'Active eq false' }));
    expect(screen.queryByText('Active only')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore “Active only”' }));
    await waitFor(() =>
      expect(server.last()).toMatchObject({ $filter: '(Active eq true) and Active eq false' }),
    );
    expect(screen.getByText('Active only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });
});
