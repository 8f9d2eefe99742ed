import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridPage } from '#metadata';
import { SchemaGrid, type ODataRequest } from '#platform/ui';
import { gridColumn, testGridPage } from '../support/grid-page';
import { renderWithProviders } from '../support/render';

const column = gridColumn;

const page: GridPage = testGridPage({
  Id: 11,
  DataSourceId: 11,
  Columns: [column(1, 'Name', 'string'), column(2, 'Score', 'number')],
});

const rows = Array.from({ length: 12 }, (_, i) => ({ Id: i + 1, Name: `Row ${i + 1}`, Score: i }));

const key = 'test.grid.persistence';
const hour = 3_600_000;
const minute = 60_000;
const maxAgeMs = 8 * hour;
/** When the first session saved its grid. */
const savedAt = new Date('2026-11-24T08:00:00Z').getTime();

/** Renders the grid kept under `key`, recording the requests it makes. */
function renderGrid() {
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
      can={() => true}
      onAction={() => {}}
      persistence={{ key, maxAgeMs }}
    />,
  );
  return { requests, user: userEvent.setup() };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

/** The first session: filters Name on "ro", sorts by Score, then leaves. */
async function filterAndSortThenLeave() {
  vi.setSystemTime(savedAt);
  const { user, requests } = renderGrid();
  await screen.findByText('Row 1');
  await user.click(within(header('Name')).getByRole('button', { name: 'Filter Name' }));
  const dialog = await screen.findByRole('dialog', { name: /^Filter Name/ });
  await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'ro{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(within(header('Score')).getByRole('button', { name: /^Score/ }));
  await waitFor(() =>
    expect(requests.at(-1)).toEqual({
      $top: '5',
      $skip: '0',
      $orderby: 'Score asc',
      $filter: "contains(tolower(Name), 'ro')",
      $count: 'true',
    }),
  );
  await screen.findByText('Row 1');
  cleanup();
}

/** Opens the grid again at `at` and answers its first request. */
async function comeBackAt(at: number) {
  vi.setSystemTime(at);
  const session = renderGrid();
  await waitFor(() => expect(session.requests.length).toBeGreaterThan(0));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/of 12$/));
  return session;
}

beforeEach(() => {
  window.localStorage.clear();
  // Only the clock is faked: the grid's and Testing Library's timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('SchemaGrid persistence', () => {
  it('restores the filters and the sort in a load 7 h 59 min after they were saved', async () => {
    await filterAndSortThenLeave();

    const { requests } = await comeBackAt(savedAt + 7 * hour + 59 * minute);

    expect(requests[0]).toEqual({
      $top: '5',
      $skip: '0',
      $orderby: 'Score asc',
      $filter: "contains(tolower(Name), 'ro')",
      $count: 'true',
    });
    expect(
      within(header('Name')).getByRole('button', { name: 'Filter Name (active)' }),
    ).toBeInTheDocument();
    expect(header('Score')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('drops them in a load 8 h 1 min after they were saved', async () => {
    await filterAndSortThenLeave();

    const { requests } = await comeBackAt(savedAt + 8 * hour + minute);

    expect(requests[0]).toEqual({ $top: '5', $skip: '0', $count: 'true' });
    expect(within(header('Name')).getByRole('button', { name: 'Filter Name' })).toBeInTheDocument();
    expect(header('Score')).not.toHaveAttribute('aria-sort');
  });

  it('keeps the first save’s time when a load restores without a change', async () => {
    await filterAndSortThenLeave();
    const restored = await comeBackAt(savedAt + 7 * hour + 59 * minute);
    expect(restored.requests[0]?.$filter).toBe("contains(tolower(Name), 'ro')");
    cleanup();

    const { requests } = await comeBackAt(savedAt + 8 * hour + minute);

    expect(requests[0]).toEqual({ $top: '5', $skip: '0', $count: 'true' });
  });

  it('renews the time with each change, and restores the page too', async () => {
    await filterAndSortThenLeave();
    const later = savedAt + 7 * hour;
    const { user, requests } = await comeBackAt(later);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests.at(-1)?.$skip).toBe('5'));
    cleanup();

    const next = await comeBackAt(later + 7 * hour);

    expect(next.requests[0]).toEqual({
      $top: '5',
      $skip: '5',
      $orderby: 'Score asc',
      $filter: "contains(tolower(Name), 'ro')",
      $count: 'true',
    });
    expect(screen.getByRole('status')).toHaveTextContent('6–10 of 12');
  });

  it.each([
    ['a value of another shape', { sorting: 'Score', columnFilters: {}, page: 2 }],
    ['a value without its page', { sorting: [], columnFilters: [], defaultFilterOn: true }],
    ['no value', null],
  ])('ignores %s kept under the key', async (_name, value) => {
    window.localStorage.setItem(key, JSON.stringify({ savedAt, value }));

    const { requests } = await comeBackAt(savedAt + hour);

    expect(requests[0]).toEqual({ $top: '5', $skip: '0', $count: 'true' });
  });

  it('ignores what is not JSON, or not stamped with its time', async () => {
    window.localStorage.setItem(key, '{not json');
    let session = await comeBackAt(savedAt);
    expect(session.requests[0]).toEqual({ $top: '5', $skip: '0', $count: 'true' });
    cleanup();

    window.localStorage.setItem(
      key,
      JSON.stringify({
        sorting: [{ id: 'Score', desc: true }],
        columnFilters: [],
        pagination: { pageIndex: 0, pageSize: 5 },
        defaultFilterOn: true,
      }),
    );
    session = await comeBackAt(savedAt);
    expect(session.requests[0]).toEqual({ $top: '5', $skip: '0', $count: 'true' });
  });

  const kept = (change: Record<string, unknown>) => ({
    sorting: [],
    columnFilters: [],
    pagination: { pageIndex: 0, pageSize: 5 },
    defaultFilterOn: true,
    ...change,
  });

  it.each([
    [
      'a text filter missing its text',
      kept({ columnFilters: [{ id: 'Name', value: { kind: 'text' } }] }),
    ],
    [
      'a filter of another kind than its column’s',
      kept({ columnFilters: [{ id: 'Name', value: { kind: 'range', from: 1, to: null } }] }),
    ],
    [
      'a filter of a column the page no longer has',
      kept({ columnFilters: [{ id: 'Gone', value: { kind: 'range', from: 1, to: null } }] }),
    ],
    ['a sort key of the wrong shape', kept({ sorting: [{ id: 'Score', desc: 'yes' }] })],
    [
      'a sort key of a column the page no longer has',
      kept({ sorting: [{ id: 'Gone', desc: false }] }),
    ],
    ['a page of the wrong shape', kept({ pagination: { pageIndex: -1, pageSize: 0 } })],
  ])('ignores a kept state with %s instead of failing', async (_name, value) => {
    window.localStorage.setItem(key, JSON.stringify({ savedAt, value }));

    const { requests } = await comeBackAt(savedAt + hour);

    expect(requests[0]).toEqual({ $top: '5', $skip: '0', $count: 'true' });
    expect(within(header('Name')).getByRole('button', { name: 'Filter Name' })).toBeInTheDocument();
  });

  it('restores a kept state of the right shape written by hand (the guard is not too strict)', async () => {
    window.localStorage.setItem(
      key,
      JSON.stringify({
        savedAt,
        value: kept({
          sorting: [{ id: 'Score', desc: true }],
          columnFilters: [
            { id: 'Name', value: { kind: 'text', operator: 'eq', text: 'row 2', values: [] } },
            { id: 'Score', value: { kind: 'range', from: 1, to: null } },
          ],
        }),
      }),
    );

    const { requests } = await comeBackAt(savedAt + hour);

    expect(requests[0]).toEqual({
      $top: '5',
      $skip: '0',
      $orderby: 'Score desc',
      $filter: "tolower(Name) eq 'row 2' and Score ge 1",
      $count: 'true',
    });
  });
});
