import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs } from '#platform/ui';
import {
  inspection,
  openInspections,
  rowsUrl,
  secondInspection,
  sentRow,
} from '../support/udt-page';

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const grid = () => screen.findByRole('table', { name: 'Inspections' });
const rowOf = async (code: string) =>
  (await within(await grid()).findByRole('cell', { name: code })).closest('tr')!;
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
const pathOf = (router: { state: { location: { pathname: string } } }) =>
  router.state.location.pathname;

describe('a user grid page (/udt/grid/{gridId})', () => {
  it('shows the page’s rows from its own list call', async () => {
    openInspections('/udt/grid/12');
    expect(await heading('Inspections')).toBeVisible();
    const row = await rowOf('INS-2');
    expect(row).toHaveTextContent('Dan');
  });

  it('opens a new row in edit mode with New, and goes where Redirect says', async () => {
    const user = userEvent.setup();
    const { router } = openInspections('/udt/grid/12', {
      handlers: { [`GET ${rowsUrl}/0`]: () => ({ Id: 0, Code: null, Inspector: null }) },
    });
    await grid();
    await user.click(screen.getByRole('button', { name: 'New' }));
    await waitFor(() => expect(pathOf(router)).toBe('/udt/details/12/0/edit'));
    expect(await heading('Inspections: new')).toBeVisible();

    await router.navigate('/udt/grid/12');
    await grid();
    await user.click(screen.getByRole('button', { name: 'Weather' }));
    await waitFor(() => expect(pathOf(router)).toBe('/weather'));
  });

  it('opens a row to edit or to view by its system Id, and Open goes to its URL with the Id', async () => {
    const user = userEvent.setup();
    const { router } = openInspections('/udt/grid/12', {
      handlers: {
        [`GET ${rowsUrl}/2`]: () => secondInspection(),
        [`GET ${rowsUrl}/2/history`]: () => [],
      },
    });
    const row = await rowOf('INS-2');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(pathOf(router)).toBe('/udt/details/12/2/edit'));

    await router.navigate('/udt/grid/12');
    await user.click(within(await rowOf('INS-2')).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(pathOf(router)).toBe('/udt/details/12/2/view'));

    await router.navigate('/udt/grid/12');
    await user.click(within(await rowOf('INS-2')).getByRole('button', { name: 'Inspect' }));
    await waitFor(() => expect(pathOf(router)).toBe('/udt/details/12/2/view'));
    expect(await heading('Inspections: INS-2')).toBeVisible();
  });

  it('deletes a row after confirmation through the row calls, then loads the rows again', async () => {
    const user = userEvent.setup();
    const { api } = openInspections('/udt/grid/12', {
      handlers: { [`DELETE ${rowsUrl}/2`]: () => new Response(null, { status: 204 }) },
    });
    await user.click(within(await rowOf('INS-2')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent('Delete this item? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.to(`${rowsUrl}/2`)).toHaveLength(0);

    await user.click(within(await rowOf('INS-2')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() => expect(api.to(`${rowsUrl}/2`)).toHaveLength(1));
    expect(api.to(`${rowsUrl}/2`)[0]!.method).toBe('DELETE');
    await waitFor(() => expect(api.to('/api/grids/12/data')).toHaveLength(2));
  });

  it('goes to /unauthorized when the server refuses the page to the caller (403)', async () => {
    const { router } = openInspections('/udt/grid/12', {
      handlers: {
        'GET /api/grids/12': () =>
          Response.json({ Message: 'You do not have permission to do that.' }, { status: 403 }),
      },
    });
    await waitFor(() => expect(pathOf(router)).toBe('/unauthorized'));
    expect(screen.queryByRole('table', { name: 'Inspections' })).not.toBeInTheDocument();
  });
});

describe('exporting a user grid page', () => {
  it('downloads .xlsx and .csv through the grid’s current filter and sort', async () => {
    // (The filter's value list is the page's own call, too.)
    const user = userEvent.setup();
    const exports: URL[] = [];
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { api } = openInspections('/udt/grid/12', {
      handlers: {
        'GET /api/grids/12/export': (_body, _path, url) => {
          exports.push(url);
          return new Response(new Blob(['rows']), {
            headers: { 'Content-Disposition': 'attachment; filename="Inspections.xlsx"' },
          });
        },
        'GET /api/grids/12/values/Code': () => ['INS-1', 'INS-2'],
      },
    });
    const table = await grid();
    await user.click(within(table).getByRole('button', { name: 'Inspector' }));
    await user.click(within(table).getByRole('button', { name: 'Filter Code' }));
    const popup = await screen.findByRole('dialog', { name: 'Filter Code' });
    expect(await within(popup).findByText('INS-2')).toBeVisible();
    await user.type(within(popup).getByRole('textbox', { name: 'Text' }), 'ins');
    await user.click(within(popup).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(within(table).getByRole('button', { name: 'Filter Code (active)' })).toBeVisible(),
    );

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(Object.fromEntries(exports[0]!.searchParams)).toEqual({
      format: 'xlsx',
      $filter: "contains(tolower(Code), 'ins')",
      $orderby: 'Inspector asc',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.to('/api/grids/12/values/Code').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(exports[1]!.searchParams.get('format')).toBe('csv');
    expect(exports[1]!.searchParams.get('$orderby')).toBe('Inspector asc');
  });
});

describe('the details of a user table row (/udt/details/{gridId}/{id}/{mode})', () => {
  function openRow(mode: 'edit' | 'view', handlers = {}) {
    return openInspections(`/udt/details/12/1/${mode}`, {
      handlers: {
        [`GET ${rowsUrl}/1`]: () => inspection(),
        [`GET ${rowsUrl}/1/history`]: () => [
          {
            Id: 31,
            EntityId: '1',
            EntityType: 'UserTable40',
            DateTime: '2026-03-02T09:30:00.000Z',
            UserName: 'manager',
            ActionType: 1,
            ActionTypeText: 'Update',
            Changes: [
              {
                Field: 'Inspector',
                OldValue: 'Al',
                NewValue: 'Alice',
                ChangeText: 'Inspector: Al → Alice',
              },
            ],
          },
          {
            Id: 30,
            EntityId: '1',
            EntityType: 'UserTable40',
            DateTime: '2026-03-01T08:00:00.000Z',
            UserName: 'admin',
            ActionType: 0,
            ActionTypeText: 'Create',
            Changes: [],
          },
        ],
        ...handlers,
      },
    });
  }

  it('draws the data source’s form with the row, and saves it as { Id, Json } with its Version', async () => {
    const user = userEvent.setup();
    const { api, router } = openRow('edit', {
      [`PUT ${rowsUrl}`]: (body: unknown) => ({ ...inspection(), ...sentRow(body), Version: 4 }),
    });
    expect(await heading('Inspections: INS-1')).toBeVisible();
    const inspector = screen.getByRole('textbox', { name: /^Inspector/ });
    expect(inspector).toHaveValue('Alice');
    // Only the fields the form definition places; the system fields are not on the form.
    expect(screen.queryByRole('textbox', { name: /^Version/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Inspected on/ })).not.toBeInTheDocument();

    await user.clear(inspector);
    await user.type(inspector, 'Bob');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to(rowsUrl)).toHaveLength(1));
    const [request] = api.to(rowsUrl);
    expect(request!.method).toBe('PUT');
    expect((request!.body as { Id: number }).Id).toBe(1);
    expect(sentRow(request!.body)).toMatchObject({ Id: 1, Inspector: 'Bob', Version: 3 });
    await waitFor(() => expect(pathOf(router)).toBe('/udt/grid/12'));
  });

  it('creates a row with POST and Id 0', async () => {
    const user = userEvent.setup();
    const { api, router } = openInspections('/udt/details/12/0/edit', {
      handlers: {
        [`GET ${rowsUrl}/0`]: () => ({
          Id: 0,
          Code: null,
          Inspector: null,
          Axles: null,
          Grade: null,
        }),
        [`POST ${rowsUrl}`]: (body: unknown) => ({ ...sentRow(body), Id: 9, Version: 1 }),
      },
    });
    expect(await heading('Inspections: new')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), 'INS-9');
    await user.type(screen.getByRole('textbox', { name: /^Inspector/ }), 'Eve');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to(rowsUrl)).toHaveLength(1));
    const [request] = api.to(rowsUrl);
    expect(request!.method).toBe('POST');
    expect((request!.body as { Id: number }).Id).toBe(0);
    expect(sentRow(request!.body)).toMatchObject({ Code: 'INS-9', Inspector: 'Eve' });
    await waitFor(() => expect(pathOf(router)).toBe('/udt/grid/12'));
    expect(screen.queryByText('History')).not.toBeInTheDocument();
  });

  it('shows the spec’s message on the key field when the key is taken (DuplicatePK)', async () => {
    const user = userEvent.setup();
    openRow('edit', {
      [`PUT ${rowsUrl}`]: () =>
        Response.json(
          {
            Message: 'Taken.',
            Errors: [{ Field: 'Code', Message: 'is taken' }],
            DuplicatePK: true,
          },
          { status: 400 },
        ),
    });
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.type(code, 'INS-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('There is already an item with this Code.'),
    );
    expect(code).toHaveFocus();
  });

  it('says someone else changed the row on a 409 and shows it as it is now', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const { api } = openRow('edit', {
      [`GET ${rowsUrl}/1`]: () => {
        reads += 1;
        return reads === 1 ? inspection() : inspection({ Inspector: 'Carol', Version: 5 });
      },
      [`PUT ${rowsUrl}`]: () =>
        Response.json({ Message: 'Someone else changed this row.' }, { status: 409 }),
    });
    const inspector = await screen.findByRole('textbox', { name: /^Inspector/ });
    await user.clear(inspector);
    await user.type(inspector, 'Bob');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const warning = await screen.findByRole('dialog');
    expect(warning).toHaveTextContent('Someone else changed this row.');
    await user.click(within(warning).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Inspector/ })).toHaveValue('Carol'),
    );
    expect(api.to(`${rowsUrl}/1`)).toHaveLength(2);
  });

  it('shows who created and last changed the row, and its field-level history', async () => {
    openRow('view');
    expect(await screen.findByText(/Created by admin on 01\/03\/2026/)).toBeVisible();
    expect(screen.getByText(/Last changed by manager on 02\/03\/2026/)).toBeVisible();
    const history = await screen.findByRole('table', { name: 'History' });
    const [, newest, oldest] = within(history).getAllByRole('row');
    expect(newest).toHaveTextContent('manager');
    expect(newest).toHaveTextContent('Inspector: Al → Alice');
    expect(oldest).toHaveTextContent('Create');
  });

  it('is read-only in view mode, and Back returns to the grid', async () => {
    const user = userEvent.setup();
    const { router } = openRow('view');
    const inspector = await screen.findByRole('textbox', { name: /^Inspector/ });
    expect(inspector).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(pathOf(router)).toBe('/udt/grid/12'));
  });

  it('asks before Cancel drops unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = openRow('edit');
    await user.type(await screen.findByRole('textbox', { name: /^Inspector/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent('Leave without saving? Your changes will be lost.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(pathOf(router)).toBe('/udt/details/12/1/edit');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'OK',
      }),
    );
    await waitFor(() => expect(pathOf(router)).toBe('/udt/grid/12'));
  });
});
