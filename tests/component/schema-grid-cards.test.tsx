import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryEntity, type GridPage } from '#metadata';
import { type EntityRow, type ODataRequest, SchemaGrid } from '#platform/ui';
import { deliveryCells } from '../../app/modules/deliveries/home/delivery-cells';
import { renderWithProviders } from '../support/render';
import { gridPageOf } from './admin-support';

// The grid on a narrow frame (a phone, a side panel): a page with card fields draws its rows
// as a list of cards, drawn by the same cells as the table; without them, the table stays.

/** The width every grid frame has in these tests (jsdom lays nothing out). */
let frameWidth = 0;

class SizedResizeObserver {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe(element: Element) {
    const entry = { target: element, contentRect: { width: frameWidth } } as ResizeObserverEntry;
    this.report([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

const delivery = (Id: number, site: string, extra: Partial<EntityRow> = {}): EntityRow => ({
  Id,
  DeliveryDate: '2026-11-24',
  StartTime0: '2026-11-24T09:00:00.000Z',
  AvailableTimeForCompaction: 16.4,
  State: 'A',
  StateReasonCode: 'amber',
  StateReasonParams: { availableMinutes: 16.4, neededMinutes: 8, reachedStop: true },
  MaterialCode: 'AC20',
  SoldToPartyName: 'Acme Roads',
  UnitCode: 'NTH01',
  SiteName: site,
  Time: '09:00',
  OrderQuantity: 20,
  WeatherForecastAsHtml: '',
  WeatherForecastTemperature: 7,
  WindSpeed: 14,
  ...extra,
});

const rows = [
  delivery(1, 'Oldham Mumps junction'),
  delivery(2, 'Salford Quays', { State: 'R', AvailableTimeForCompaction: null }),
];

function renderGrid(page: GridPage, options: { selectable?: boolean } = {}) {
  const fetchRows = vi.fn(async (_request: ODataRequest) => ({ count: rows.length, rows }));
  const onRowClick = vi.fn();
  const onSelectionChange = vi.fn();
  renderWithProviders(
    <SchemaGrid<EntityRow>
      page={page}
      fetchRows={fetchRows}
      can={() => true}
      onAction={vi.fn()}
      renderCell={deliveryCells}
      onRowClick={onRowClick}
      selectable={options.selectable}
      onSelectionChange={onSelectionChange}
    />,
  );
  return { fetchRows, onRowClick, onSelectionChange, user: userEvent.setup() };
}

const stubObserver = window.ResizeObserver;
beforeEach(() => {
  window.ResizeObserver = SizedResizeObserver as unknown as typeof ResizeObserver;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        width: frameWidth,
        height: 600,
        top: 0,
        left: 0,
        right: frameWidth,
        bottom: 600,
      }) as DOMRect,
  );
});
afterEach(() => {
  window.ResizeObserver = stubObserver;
  vi.restoreAllMocks();
});

describe('a narrow grid with card fields', () => {
  beforeEach(() => {
    frameWidth = 360;
  });

  it('draws a list of cards, each named by its heading, with the custom cells', async () => {
    renderGrid(gridPageOf(deliveryEntity));
    const list = await screen.findByRole('list', { name: 'Deliveries' });
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(list).getByRole('listitem', { name: 'Oldham Mumps junction' });
    expect(within(first).getByRole('heading', { name: 'Oldham Mumps junction' })).toBeVisible();
    // The fields as label and value, the state and the minutes drawn by the deliveries' cells.
    expect(within(first).getByText('Material').nextSibling).toHaveTextContent('AC20');
    expect(within(first).getByText('Time for compaction').nextSibling).toHaveTextContent(
      '16.4 min',
    );
    expect(within(first).getByText('State').nextSibling).toHaveTextContent(/^A\s*AMBER$/);
    const second = within(list).getByRole('listitem', { name: 'Salford Quays' });
    expect(within(second).getByText('State').nextSibling).toHaveTextContent(/^R\s*RED$/);
    // A blank time for compaction says why, as in the table.
    expect(within(second).getByText('Time for compaction').nextSibling).toHaveTextContent(
      /No time for compaction/,
    );
    // No column of the page but the card's fields: the customer is on the table only.
    expect(within(first).queryByText('Acme Roads')).toBeNull();
    // The page's own order (by start, not a column) until the user picks a column.
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveDisplayValue('Default order');
  });

  it('opens the row of a card tapped or entered, and selects it by its checkbox', async () => {
    const { onRowClick, onSelectionChange, user } = renderGrid(gridPageOf(deliveryEntity), {
      selectable: true,
    });
    const card = await screen.findByRole('listitem', { name: 'Salford Quays' });
    await user.click(within(card).getByText('Material'));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick.mock.calls[0]![0]).toMatchObject({ Id: 2 });

    const other = screen.getByRole('listitem', { name: 'Oldham Mumps junction' });
    other.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick.mock.calls[1]![0]).toMatchObject({ Id: 1 });

    await user.click(screen.getByRole('checkbox', { name: 'Select Salford Quays' }));
    expect(onRowClick).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ Id: 2 })]),
    );
    expect(screen.getByRole('checkbox', { name: 'Select Salford Quays' })).toBeChecked();
  });

  it('sorts the cards by the column chosen, then the other way', async () => {
    const { fetchRows, user } = renderGrid(gridPageOf(deliveryEntity));
    await screen.findByRole('list', { name: 'Deliveries' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'SiteName');
    await waitFor(() =>
      expect(fetchRows.mock.calls.at(-1)![0]).toMatchObject({ $orderby: 'SiteName asc' }),
    );
    await user.click(screen.getByRole('button', { name: 'Sort descending' }));
    await waitFor(() =>
      expect(fetchRows.mock.calls.at(-1)![0]).toMatchObject({ $orderby: 'SiteName desc' }),
    );
  });

  it('keeps the table without card fields', async () => {
    renderGrid(gridPageOf(deliveryEntity, { CardFields: [] }));
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    await within(table).findByRole('cell', { name: 'Salford Quays' });
    expect(screen.queryByRole('list', { name: 'Deliveries' })).toBeNull();
  });
});

describe('a wide grid with card fields', () => {
  it('draws the table', async () => {
    frameWidth = 1200;
    renderGrid(gridPageOf(deliveryEntity));
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    await within(table).findByRole('cell', { name: 'Salford Quays' });
    expect(screen.queryByRole('list', { name: 'Deliveries' })).toBeNull();
  });
});
