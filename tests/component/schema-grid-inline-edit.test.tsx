import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogs, SchemaGrid } from '#platform/ui';
import { held } from '../support/fake-api';
import { renderWithProviders } from '../support/render';
import {
  inspection,
  inspectionsPage,
  inspectionsSchema,
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
/** The cell of a row's column, by the column's place among the data cells. */
const cellOf = async (code: string, column: number) =>
  within(await rowOf(code)).getAllByRole('cell')[column]!;

/** Puts the focus on a cell, as Tab would. */
const focus = (element: HTMLElement) => act(() => element.focus());

function answering(saved: (row: Record<string, unknown>) => Record<string, unknown>) {
  return {
    [`PUT ${rowsUrl}`]: (body: unknown) => saved(sentRow(body)),
  };
}

describe('inline editing of a user grid page', () => {
  it('edits a cell from the keyboard and saves the field with the row’s Version', async () => {
    const user = userEvent.setup();
    const { api } = openInspections('/udt/grid/12', {
      handlers: answering((row) =>
        inspection({ ...row, UpdatedBy: 'tester', Version: Number(row.Version) + 1 }),
      ),
    });
    const inspector = await cellOf('INS-1', 1);
    expect(inspector).toHaveTextContent('Alice');
    expect(inspector).toHaveAttribute('tabindex', '0');
    expect(inspector).toHaveAccessibleDescription('Double-click or press Enter to edit.');

    await focus(inspector);
    await user.keyboard('{Enter}');
    const editor = screen.getByRole('textbox', { name: 'Edit Inspector of row INS-1' });
    expect(editor).toHaveFocus();
    expect(editor).toHaveValue('Alice');
    await user.clear(editor);
    await user.type(editor, 'Bob{Enter}');

    await waitFor(() => expect(api.to(rowsUrl)).toHaveLength(1));
    const body = api.to(rowsUrl)[0]!.body as { Id: number };
    expect(body.Id).toBe(1);
    expect(sentRow(body)).toEqual({ Id: 1, Inspector: 'Bob', Version: 3 });

    // The row as the server answered it, and the focus back on the cell.
    const row = await rowOf('INS-1');
    await within(row).findByRole('cell', { name: 'tester' });
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Bob');
    expect(within(row).getAllByRole('cell')[1]).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: /^Edit / })).not.toBeInTheDocument();

    // The next save of the row carries the Version the answer gave.
    await user.keyboard('{Enter}');
    const again = screen.getByRole('textbox', { name: 'Edit Inspector of row INS-1' });
    await user.clear(again);
    await user.type(again, 'Bea{Enter}');
    await waitFor(() => expect(api.to(rowsUrl)).toHaveLength(2));
    expect(sentRow(api.to(rowsUrl)[1]!.body)).toMatchObject({ Inspector: 'Bea', Version: 4 });
  });

  it('opens an editor on double-click and saves a choice when the editor is left', async () => {
    const user = userEvent.setup();
    const { api } = openInspections('/udt/grid/12', {
      handlers: answering((row) => inspection({ ...row, Version: 4 })),
    });
    await user.dblClick(await cellOf('INS-1', 4));
    const grade = screen.getByRole('combobox', { name: 'Edit Grade of row INS-1' });
    expect(grade).toHaveFocus();
    await user.selectOptions(grade, 'C');
    await user.tab();

    await waitFor(() => expect(api.to(rowsUrl)).toHaveLength(1));
    expect(sentRow(api.to(rowsUrl)[0]!.body)).toEqual({ Id: 1, Grade: 'C', Version: 3 });
    expect(await cellOf('INS-1', 4)).toHaveTextContent('C');
  });

  it('edits numbers, days and yes/no fields with editors of their kind', async () => {
    const user = userEvent.setup();
    const { api } = openInspections('/udt/grid/12', {
      handlers: answering((row) => inspection({ ...row, Version: 4 })),
    });
    await user.dblClick(await cellOf('INS-1', 3));
    const passed = screen.getByRole('checkbox', { name: 'Edit Passed of row INS-1' });
    expect(passed).toBeChecked();
    await user.click(passed);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.to(rowsUrl)).toHaveLength(1));
    expect(sentRow(api.to(rowsUrl)[0]!.body)).toEqual({ Id: 1, Passed: false, Version: 3 });

    await user.dblClick(await cellOf('INS-1', 5));
    const day = screen.getByLabelText('Edit Inspected on of row INS-1');
    expect(day).toHaveAttribute('type', 'date');
    expect(day).toHaveValue('2026-03-01');

    await user.keyboard('{Escape}');
    await user.dblClick(await cellOf('INS-1', 2));
    const axles = screen.getByRole('textbox', { name: 'Edit Axles of row INS-1' });
    await user.clear(axles);
    await user.type(axles, '4{Enter}');
    await waitFor(() => expect(api.to(rowsUrl)).toHaveLength(2));
    expect(sentRow(api.to(rowsUrl)[1]!.body)).toEqual({ Id: 1, Axles: 4, Version: 4 });
  });

  it('checks the value with the field’s schema and shows why on the cell, saving nothing', async () => {
    const user = userEvent.setup();
    const { api } = openInspections('/udt/grid/12');
    await user.dblClick(await cellOf('INS-1', 1));
    const inspector = screen.getByRole('textbox', { name: 'Edit Inspector of row INS-1' });
    await user.clear(inspector);
    await user.keyboard('{Enter}');
    expect(inspector).toHaveAccessibleDescription('Enter the inspector.');
    expect(inspector).toHaveAttribute('aria-invalid', 'true');
    expect(inspector).toHaveFocus();

    await user.keyboard('{Escape}');
    await user.dblClick(await cellOf('INS-1', 2));
    const axles = screen.getByRole('textbox', { name: 'Edit Axles of row INS-1' });
    await user.clear(axles);
    await user.type(axles, '2.5{Enter}');
    expect(axles).toHaveAccessibleDescription('Enter the axles as a whole number.');

    await user.clear(axles);
    await user.type(axles, '12{Enter}');
    expect(axles).toHaveAccessibleDescription(/axles/i);
    expect(axles).toHaveAttribute('aria-invalid', 'true');
    expect(api.to(rowsUrl)).toHaveLength(0);
  });

  it('cancels with Escape: nothing saved, the value as it was, the focus on the cell', async () => {
    const user = userEvent.setup();
    const { api } = openInspections('/udt/grid/12');
    const cell = await cellOf('INS-1', 1);
    await focus(cell);
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Edit Inspector of row INS-1' }), 'xyz');
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('textbox', { name: /^Edit / })).not.toBeInTheDocument();
    expect(cell).toHaveTextContent('Alice');
    expect(cell).toHaveFocus();
    // Leaving the cell after a cancel saves nothing either.
    await user.tab();
    expect(api.to(rowsUrl)).toHaveLength(0);
  });

  it('shows the server’s refusal on the cell and keeps the editor open', async () => {
    const user = userEvent.setup();
    openInspections('/udt/grid/12', {
      handlers: {
        [`PUT ${rowsUrl}`]: () =>
          Response.json(
            {
              Message: 'There is already an item with this Code.',
              Errors: [{ Field: 'Code', Message: 'is taken' }],
              DuplicatePK: true,
            },
            { status: 400 },
          ),
      },
    });
    await user.dblClick(await cellOf('INS-1', 0));
    const code = screen.getByRole('textbox', { name: 'Edit Code of row INS-1' });
    await user.clear(code);
    await user.type(code, 'INS-2{Enter}');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('There is already an item with this Code.'),
    );
    expect(code).toHaveValue('INS-2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a stale save (409) says someone else changed the row and shows it as it is now', async () => {
    const user = userEvent.setup();
    const { api } = openInspections('/udt/grid/12', {
      handlers: {
        [`PUT ${rowsUrl}`]: () =>
          Response.json({ Message: 'The row was changed meanwhile.' }, { status: 409 }),
        [`GET ${rowsUrl}/1`]: () =>
          inspection({ Inspector: 'Carol', UpdatedBy: 'someone', Version: 5 }),
      },
    });
    await user.dblClick(await cellOf('INS-1', 1));
    const inspector = screen.getByRole('textbox', { name: 'Edit Inspector of row INS-1' });
    await user.clear(inspector);
    await user.type(inspector, 'Bob{Enter}');

    const cell = await cellOf('INS-1', 1);
    expect(await within(cell).findByRole('alert')).toHaveTextContent(/changed by someone else/i);
    expect(cell).toHaveTextContent('Carol');
    expect(await cellOf('INS-1', 6)).toHaveTextContent('someone');
    expect(api.to(`${rowsUrl}/1`)).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: /^Edit / })).not.toBeInTheDocument();
  });

  it('keeps the next cell’s editor open when the previous save answers, and notes its refusal', async () => {
    const user = userEvent.setup();
    const answer = held<Response>();
    openInspections('/udt/grid/12', { handlers: { [`PUT ${rowsUrl}`]: () => answer.promise } });
    await user.dblClick(await cellOf('INS-1', 1));
    const first = screen.getByRole('textbox', { name: 'Edit Inspector of row INS-1' });
    await user.clear(first);
    await user.type(first, 'Bob');
    // Double-clicking the next row's cell leaves the first editor: its value is saved.
    await user.dblClick(await cellOf('INS-2', 1));
    const second = screen.getByRole('textbox', { name: 'Edit Inspector of row INS-2' });

    answer.release(Response.json({ Message: 'Inspector is not allowed.' }, { status: 400 }));
    const firstCell = await cellOf('INS-1', 1);
    expect(await within(firstCell).findByRole('alert')).toHaveTextContent(
      'Inspector is not allowed.',
    );
    expect(firstCell).toHaveTextContent('Alice');
    expect(second).toBeInTheDocument();
    expect(second).toHaveFocus();
  });

  it('does not edit read-only fields, nor fields the caller may not write', async () => {
    const user = userEvent.setup();
    const schema = structuredClone(inspectionsSchema);
    Object.assign(schema.properties.Inspector, { readOnly: true });
    openInspections('/udt/grid/12', {
      page: inspectionsPage({ SchemaDefinition: schema as never }),
    });
    const updatedBy = await cellOf('INS-1', 6);
    const inspector = await cellOf('INS-1', 1);
    for (const cell of [updatedBy, inspector]) {
      expect(cell).not.toHaveAttribute('tabindex');
      await user.dblClick(cell);
    }
    expect(screen.queryByRole('textbox', { name: /^Edit / })).not.toBeInTheDocument();
    expect(await cellOf('INS-1', 0)).toHaveAttribute('tabindex', '0');
  });

  const base = inspectionsPage();
  it.each([
    ['there is no Edit button', base.RowActions.filter((action) => action.Type !== 'Edit')],
    [
      'the caller may not use the Edit button',
      base.RowActions.map((action) =>
        action.Type === 'Edit' ? { ...action, Permission: 'ManageDataSources' } : action,
      ),
    ],
  ])('is off where rows are not edited: %s', async (_, RowActions) => {
    openInspections('/udt/grid/12', { page: inspectionsPage({ RowActions }) });
    const cell = await cellOf('INS-1', 1);
    expect(cell).not.toHaveAttribute('tabindex');
    expect(screen.queryByText('Double-click or press Enter to edit.')).not.toBeInTheDocument();
  });

  it('is off for a page that does not ask for it (a built-in page)', async () => {
    openInspections('/udt/grid/12', {
      page: inspectionsPage({
        EntityType: 'Unit',
        ListUrl: '/odata/UnitsOData',
        Api: { Get: '/api/units/GetUnitById/{id}', Save: '/api/units/SaveUnit', Delete: null },
      }),
      handlers: {
        'GET /odata/UnitsOData': () => ({ '@odata.count': 1, value: [inspection()] }),
      },
    });
    const cell = await cellOf('INS-1', 1);
    expect(cell).not.toHaveAttribute('tabindex');
    expect(screen.queryByText('Double-click or press Enter to edit.')).not.toBeInTheDocument();
  });
});

describe('SchemaGrid: inline editing', () => {
  it('re-renders only the editor while the user types, and saves through the app', async () => {
    const user = userEvent.setup();
    let cellRenders = 0;
    const save = vi.fn(async (row: Record<string, unknown>, field: string, value: unknown) => ({
      ...row,
      [field]: value,
    }));
    renderWithProviders(
      <SchemaGrid
        page={inspectionsPage()}
        fetchRows={async () => ({ count: 2, rows: [inspection(), secondInspection()] })}
        can={() => true}
        onAction={() => {}}
        renderCell={{
          UpdatedBy: (value) => {
            cellRenders += 1;
            return String(value);
          },
        }}
        inlineEdit={{ validate: () => null, save }}
      />,
    );
    await user.dblClick(await cellOf('INS-2', 1));
    const editor = screen.getByRole('textbox', { name: 'Edit Inspector of row INS-2' });
    const before = cellRenders;
    expect(before).toBeGreaterThan(0);
    await user.type(editor, ' Smith');
    expect(cellRenders).toBe(before);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]!.slice(1)).toEqual(['Inspector', 'Dan Smith']);
    expect(await cellOf('INS-2', 1)).toHaveTextContent('Dan Smith');
  });
});
