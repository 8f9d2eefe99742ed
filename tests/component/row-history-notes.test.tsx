import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChangeLogEntry, unitEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { fieldChange, openAdminScreen } from './admin-support';
import { inspection, openInspections, rowsUrl } from '../support/udt-page';

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const sixChanges = [
  fieldChange('Code', 'NTH1', 'NTH01'),
  fieldChange('Name', 'North', 'North plant'),
  fieldChange('Active', 'false', 'true'),
  fieldChange('Latitude', '53.7', '53.8'),
  fieldChange('Longitude', '-1.5', '-1.6'),
  fieldChange('Postcode', 'LS9', 'LS9 0PS'),
];

const entry = (Id: number, extra: Partial<ChangeLogEntry> = {}): ChangeLogEntry => ({
  Id,
  EntityId: '12',
  EntityType: 'Unit',
  DateTime: '2026-03-02T09:30:00.000Z',
  UserName: 'manager',
  ActionType: 1,
  ActionTypeText: 'Update',
  GenericLog: null,
  Changes: sixChanges,
  ...extra,
});

const unitRow = { Id: 12, Code: 'NTH01', Name: 'North plant', Active: true, Version: 4 };
const saveNote = 'POST /api/changelog/SaveChangeLog';

function openUnit(
  permissions: string[],
  handlers: Parameters<typeof openAdminScreen>[1]['handlers'] = {},
) {
  const history: ChangeLogEntry[] = [entry(1)];
  const opened = openAdminScreen('/admin/units/12', {
    entity: unitEntity,
    permissions,
    handlers: {
      'GET /api/units/GetUnitById/12': () => unitRow,
      'GET /odata/UnitsOData': () => ({ '@odata.count': 0, value: [] }),
      'GET /api/changelog/GetChangeLogs': (_body, _path, url) =>
        url.searchParams.get('entityType') === 'Unit' && url.searchParams.get('entityId') === '12'
          ? history
          : [],
      ...handlers,
    },
  });
  return { ...opened, history, user: userEvent.setup() };
}

const historyTable = () => screen.findByRole('table', { name: 'History' });
const noteBox = () => screen.findByRole('textbox', { name: /^Add a note/ });

describe('the history under a row’s detail', () => {
  it('shows four of six changes in the fields’ titles, and the ellipsis shows all six', async () => {
    const { user } = openUnit(['ManageUnits', 'ViewAuditLog']);
    const table = await historyTable();
    expect(within(table).getAllByRole('listitem')).toHaveLength(4);
    expect(table).toHaveTextContent('Latitude: 53.7 → 53.8');
    expect(table).not.toHaveTextContent('Longitude');

    await user.click(within(table).getByRole('button', { name: /^… Show all 6 changes$/ }));
    const items = within(table).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[5]).toHaveTextContent('Postcode: LS9 → LS9 0PS');
    expect(within(table).queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('names a user table’s fields by their titles and keeps four changes before the ellipsis', async () => {
    const user = userEvent.setup();
    openInspections('/udt/details/12/1/view', {
      handlers: {
        [`GET ${rowsUrl}/1`]: () => inspection(),
        [`GET ${rowsUrl}/1/history`]: () => [
          entry(7, {
            EntityType: 'UserTable40',
            EntityId: '1',
            Changes: [
              fieldChange('InspectedOn', '2026-02-28', '2026-03-01'),
              fieldChange('Inspector', 'Al', 'Alice'),
              fieldChange('Axles', '1', '2'),
              fieldChange('Grade', 'B', 'A'),
              fieldChange('Code', 'INS-0', 'INS-1'),
            ],
          }),
        ],
      },
    });
    const table = await historyTable();
    expect(table).toHaveTextContent('Inspected on: 2026-02-28 → 2026-03-01');
    expect(table).not.toHaveTextContent('InspectedOn');
    expect(within(table).getAllByRole('listitem')).toHaveLength(4);
    await user.click(within(table).getByRole('button', { name: /^… Show all 5 changes$/ }));
    expect(within(table).getAllByRole('listitem')).toHaveLength(5);
    // Notes are for those who may see the audit log: this reader sees no form.
    expect(screen.queryByRole('textbox', { name: /^Add a note/ })).not.toBeInTheDocument();
  });
});

describe('adding a note to a row’s history', () => {
  it('refuses an empty note in the form before any call', async () => {
    const { api, user } = openUnit(['ManageUnits', 'ViewAuditLog']);
    const box = await noteBox();
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(box).toHaveAccessibleDescription(/Write the note before adding it\./);
    expect(box).toHaveFocus();
    expect(api.to('/api/changelog/SaveChangeLog')).toHaveLength(0);
  });

  it('shows the server’s Errors messages joined with commas when the save fails', async () => {
    const { user } = openUnit(['ManageUnits', 'ViewAuditLog'], {
      [saveNote]: () =>
        Response.json(
          {
            Message: 'The request is not valid.',
            Errors: [
              { Field: 'GenericLog', Message: 'first' },
              { Field: 'EntityId', Message: 'second' },
            ],
          },
          { status: 400 },
        ),
    });
    await user.type(await noteBox(), 'Relined the drum');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const error = await screen.findByRole('dialog', { name: /error/i });
    expect(error).toHaveTextContent('first, second');
    expect(await noteBox()).toHaveValue('Relined the drum');
  });

  it('saves the note for the row and shows it on top of the history as the user’s', async () => {
    const { api, history, user } = openUnit(['ManageUnits', 'ViewAuditLog'], {
      [saveNote]: () => {
        history.unshift(
          entry(2, {
            UserName: 'admin',
            DateTime: '2026-03-03T10:00:00.000Z',
            GenericLog: 'Relined the drum',
            Changes: [],
          }),
        );
        return { Succeeded: true };
      },
    });
    await user.type(await noteBox(), '  Relined the drum ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));

    await waitFor(() => expect(api.to('/api/changelog/SaveChangeLog')).toHaveLength(1));
    expect(api.to('/api/changelog/SaveChangeLog')[0]!.body).toEqual({
      EntityType: 'Unit',
      EntityId: '12',
      GenericLog: 'Relined the drum',
    });
    const table = await historyTable();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const newest = within(table).getAllByRole('row')[1]!;
    expect(newest).toHaveTextContent('admin');
    expect(newest).toHaveTextContent('Note');
    expect(newest).toHaveTextContent('Relined the drum');
    expect(await noteBox()).toHaveValue('');
  });

  it('is not offered to those the server refuses notes (no ViewAuditLog)', async () => {
    openUnit(['ManageUnits']);
    expect(await screen.findByRole('heading', { level: 2 })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /^Add a note/ })).not.toBeInTheDocument();
  });
});
