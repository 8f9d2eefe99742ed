import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridColumn, GridPage, GridRowAction } from '#metadata';
import { SchemaGrid, type ODataRequest } from '#platform/ui';
import { renderWithProviders } from '../support/render';

const column = (
  Id: number,
  Field: string,
  Type: GridColumn['Type'],
  extra: Partial<GridColumn> = {},
) => ({ Id, Field, Title: Field, Format: null, Type, Order: Id, ...extra }) satisfies GridColumn;

const rowAction = (Id: number, Type: GridRowAction['Type']): GridRowAction => ({
  Id,
  Title: Type,
  Type,
  UrlToRedirect: null,
  Order: Id,
});

const page: GridPage = {
  Id: 41,
  PageTitle: 'Materials',
  DataSourceId: 41,
  DataSourceName: 'Materials',
  EntityType: 'Material',
  PkField: 'Id',
  Api: { Get: '/api/materials/{id}', Save: '/api/materials', Delete: null },
  SchemaDefinition: {},
  FormDefinition: null,
  Columns: [
    column(1, 'Name', 'string'),
    column(2, 'Code', 'string', { Width: 90 }),
    column(3, 'Active', 'boolean', { Format: 'check' }),
  ],
  Actions: [],
  RowActions: [rowAction(1, 'Edit'), rowAction(2, 'View'), rowAction(3, 'Delete')],
  PageSize: 20,
  DefaultSort: [],
  DefaultFilter: null,
  DefaultFilterTitle: null,
  ListUrl: '/odata/MaterialsOData',
  DetailUrl: '/admin/materials/{id}',
  Permission: '',
  IsSystem: true,
  Version: 1,
};

/** 26 materials: the first page has long names, the second only short ones. */
const materials = Array.from({ length: 26 }, (_, i) => ({
  Id: i + 1,
  Name: i < 20 ? `Asphalt concrete surface course ${i + 1} AC 10 close surf` : `SMA ${i + 1}`,
  Code: `M${i + 1}`,
  Active: true,
}));

function renderGrid() {
  const requests: ODataRequest[] = [];
  const fetchRows = vi.fn(async (request: ODataRequest) => {
    requests.push(request);
    const skip = Number(request.$skip);
    return { count: materials.length, rows: materials.slice(skip, skip + Number(request.$top)) };
  });
  const onAction = vi.fn();
  const view = renderWithProviders(
    <SchemaGrid page={page} fetchRows={fetchRows} can={() => true} onAction={onAction} />,
  );
  return { ...view, requests, onAction, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Materials' });
/** The widths the table's columns are given, in order (the actions column takes what is left). */
const columnWidths = () =>
  [...table().querySelectorAll('col')].map((col) => col.style.width || 'auto');
const resizer = (name: string) => screen.getByRole('separator', { name: `Resize column ${name}` });
const pagerButton = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name });

beforeEach(() => window.localStorage.clear());

describe('SchemaGrid: column widths', () => {
  it('sizes columns from their type and content, and keeps them on other pages', async () => {
    const { user } = renderGrid();
    await screen.findByText('Asphalt concrete surface course 1 AC 10 close surf');
    const [name, code, active, actions] = columnWidths().map((width) => parseInt(width) || 0);
    // Room for the long names (within the bound of a text column), the page's own width for
    // Code, a boolean's narrow width, and the rest for the actions.
    expect(name).toBeGreaterThanOrEqual(300);
    expect(code).toBe(90);
    expect(active).toBeLessThan(150);
    expect(actions).toBe(0);
    const first = columnWidths();

    await user.click(pagerButton('Next page'));
    await screen.findByText('SMA 21');
    expect(columnWidths()).toEqual(first);
  });

  it('lets the user resize a column, and keeps the width for the grid page', async () => {
    const { user, unmount } = renderGrid();
    await screen.findByText('M1');
    const edge = resizer('Name');
    const before = Number(edge.getAttribute('aria-valuenow'));
    edge.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(Number(edge.getAttribute('aria-valuenow'))).toBe(before + 32);
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(Number(resizer('Name').getAttribute('aria-valuenow'))).toBe(before - 32);
    expect(columnWidths()[0]).toBe(`${before - 32}px`);
    unmount();

    renderGrid();
    await screen.findByText('M1');
    expect(Number(resizer('Name').getAttribute('aria-valuenow'))).toBe(before - 32);
    expect(columnWidths()[0]).toBe(`${before - 32}px`);
  });
});

describe('SchemaGrid: page height', () => {
  it('shows a page of the default size in the page itself, with no scroll box of its own', async () => {
    renderGrid();
    await screen.findByText('M1');
    expect(table().parentElement!.style.maxHeight).toBe('');
  });
});

describe('SchemaGrid: narrow screens', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('gathers each row’s actions in a menu named after the row', async () => {
    const { user, onAction } = renderGrid();
    const menuButton = await screen.findByRole('button', {
      name: 'Actions for Asphalt concrete surface course 2 AC 10 close surf',
    });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(menuButton);
    // Mantine's menu stays display: none in jsdom (no transitions end): query hidden items too.
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'View', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'View', hidden: true }));
    await waitFor(() =>
      expect(onAction).toHaveBeenCalledWith(
        expect.objectContaining({ Type: 'View' }),
        expect.objectContaining({ Id: 2 }),
      ),
    );
  });
});
