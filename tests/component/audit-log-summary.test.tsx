import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChangeLogEntry, changeLogEntity, type FieldChange } from '#metadata';
import { dialogs } from '#platform/ui';
import { fieldChange, openAdminScreen } from './admin-support';

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

/** Five changes of a material, each field named in the log by its internal name. */
const materialChanges = [
  fieldChange('MinMixTemp', '120', '125'),
  fieldChange('MaxMixTemp', '180', '185'),
  fieldChange('CanAddEvotherm', 'false', 'true'),
  fieldChange('MixType', 'dense', 'sma'),
  fieldChange('Name', 'Close surf', 'Close surface course'),
];

const entry = (Id: number, changes: FieldChange[], extra: Partial<ChangeLogEntry> = {}) => ({
  Id,
  EntityId: String(Id),
  EntityType: 'Material',
  DateTime: `2026-03-0${Id}T09:30:00.000Z`,
  UserName: 'manager',
  ActionType: 1,
  ActionTypeText: 'Update',
  GenericLog: null,
  Changes: changes,
  ...extra,
});

function openAuditLog(rows: ReturnType<typeof entry>[]) {
  const asked: URL[] = [];
  const opened = openAdminScreen('/admin/auditlog', {
    entity: changeLogEntity,
    permissions: ['ViewAuditLog'],
    handlers: {
      'GET /odata/ChangeLogsOData': (_body, _path, url) => {
        asked.push(url);
        return { '@odata.count': rows.length, value: rows };
      },
    },
  });
  return { ...opened, asked, user: userEvent.setup() };
}

const rowOf = async (id: number) => {
  const grid = await screen.findByRole('table', { name: 'Audit log' });
  return (await within(grid).findByRole('cell', { name: String(id) })).closest('tr')!;
};

describe('the audit log’s summary of changes', () => {
  it('asks for five entries a page, newest first, and offers other page sizes', async () => {
    const { asked } = openAuditLog([entry(1, materialChanges.slice(0, 2))]);
    await rowOf(1);
    const first = asked[0]!;
    expect(first.searchParams.get('$top')).toBe('5');
    expect(first.searchParams.get('$orderby')).toMatch(/^DateTime desc/);
    expect(screen.getByRole('combobox', { name: /rows per page|page size/i })).toHaveValue('5');
  });

  it('shows two or three changes in the fields’ titles, with no link', async () => {
    openAuditLog([entry(1, materialChanges.slice(0, 2)), entry(2, materialChanges.slice(0, 3))]);
    const two = await rowOf(1);
    expect(two).toHaveTextContent('Minimum mix temperature (°C): 120 → 125'.slice(0, 32));
    expect(two).not.toHaveTextContent('MinMixTemp');
    expect(within(two).queryByRole('button', { name: /more/ })).not.toBeInTheDocument();

    const three = await rowOf(2);
    expect(within(three).getAllByTitle(/: .* → /)).toHaveLength(3);
    expect(within(three).queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });

  it('shows the first three of five changes and "and 2 more", which opens all five', async () => {
    const { user } = openAuditLog([entry(3, materialChanges, { GenericLog: 'Supplier change' })]);
    const row = await rowOf(3);
    expect(row).toHaveTextContent('Supplier change');
    expect(row).not.toHaveTextContent('Mix type');
    await user.click(within(row).getByRole('button', { name: 'and 2 more…' }));

    const details = await screen.findByRole('dialog', { name: 'All changes' });
    const items = within(details).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Minimum mix temperature (°C): 120 → 125',
      'Maximum mix temperature (°C): 180 → 185',
      'Warm-mix additive allowed: false → true',
      'Mix type: dense → sma',
      'Name: Close surf → Close surface course',
    ]);
    expect(details).toHaveTextContent('manager');
    expect(details).toHaveTextContent('Supplier change');
  });

  it('cuts long texts of its columns to 32 characters, the whole text in the tooltip', async () => {
    const long = 'A very long user name from a directory sync';
    openAuditLog([entry(4, materialChanges.slice(0, 1), { UserName: long })]);
    const row = await rowOf(4);
    const cut = within(row).getByTitle(long);
    expect(cut).toHaveTextContent(`${long.slice(0, 32)}…`);
    const changeLine = within(row).getByTitle('Minimum mix temperature (°C): 120 → 125');
    expect(changeLine).toHaveTextContent('Minimum mix temperature (°C): 12…');
    await waitFor(() => expect(row).not.toHaveTextContent(long));
  });
});
