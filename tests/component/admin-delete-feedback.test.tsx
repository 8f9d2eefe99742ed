import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EntityDefinition, groupEntity, permissionEntity, roleEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { openAdminScreen } from './admin-support';

interface Case {
  what: string;
  entity: EntityDefinition;
  permission: string;
  row: Record<string, unknown>;
  deleteCall: string;
  refusal: Record<string, string>;
  shown: string;
}

const cases: Case[] = [
  {
    what: 'an administrator role',
    entity: roleEntity,
    permission: 'ManageRoles',
    row: { Id: 1, Name: 'Administrator', IsAdmin: true, IsParameterised: false, UsersNum: 1 },
    deleteCall: '/api/roles/DeleteRole/1',
    refusal: {
      Message: "'Administrator' is an administrator role and cannot be deleted.",
      ExceptionMessage: "'Administrator' is an administrator role and cannot be deleted.",
    },
    shown: "'Administrator' is an administrator role and cannot be deleted.",
  },
  {
    what: 'a query group',
    entity: groupEntity,
    permission: 'ManageGroups',
    row: { Id: 2, Name: 'Late drivers', IsQueryGroup: true, UsersNum: 3 },
    deleteCall: '/api/groups/DeleteGroup/2',
    refusal: { Message: "'Late drivers' is a query group and cannot be deleted." },
    shown: "'Late drivers' is a query group and cannot be deleted.",
  },
  {
    // Built-in permissions (under 1000) offer no Delete at all (admin-permissions-builtin).
    what: 'a permission still held',
    entity: permissionEntity,
    permission: 'ManagePermissions',
    row: { Id: 1003, Code: 'CheckPlant', Name: 'Check plant', IsParameterised: false },
    deleteCall: '/api/permissions/DeletePermission/1003',
    refusal: { Message: "'CheckPlant' is held by 2 roles: take it from them first." },
    shown: "'CheckPlant' is held by 2 roles: take it from them first.",
  },
];

function openList(item: Case, answer: () => Response) {
  const opened = openAdminScreen(item.entity.screens.list, {
    entity: item.entity,
    permissions: [item.permission],
    handlers: {
      [`GET ${item.entity.grid.ListUrl}`]: () => ({ '@odata.count': 1, value: [item.row] }),
      [`GET ${item.deleteCall}`]: answer,
    },
  });
  return { ...opened, user: userEvent.setup() };
}

async function deleteRow(user: ReturnType<typeof userEvent.setup>, name: string) {
  const cell = await screen.findByRole('cell', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`${name} is in no row`);
  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
  expect(confirm).toHaveTextContent('Delete this item? This cannot be undone.');
  await user.click(within(confirm).getByRole('button', { name: 'OK' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe.each(cases)('deleting $what', (item) => {
  it("is refused, and the grid shows the server's reason as a warning", async () => {
    const { api, user } = openList(item, () => Response.json(item.refusal, { status: 409 }));
    await deleteRow(user, String(item.row.Name));

    const warning = await screen.findByRole('dialog', { name: 'Warning' });
    expect(warning).toHaveTextContent(item.shown);
    expect(api.to(item.deleteCall).map((request) => request.method)).toEqual(['GET']);
    expect(screen.queryByText('Deleted.')).not.toBeInTheDocument();
  });
});

describe('deleting a role the server lets go', () => {
  it('says so and reloads the rows', async () => {
    const [adminRole] = cases;
    const item = { ...adminRole!, row: { ...adminRole!.row, Name: 'Dispatcher', IsAdmin: false } };
    const { api, user } = openList(item, () => new Response(null, { status: 204 }));
    await deleteRow(user, 'Dispatcher');

    expect(await screen.findByText('Deleted.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Warning' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.to(item.entity.grid.ListUrl)).toHaveLength(2));
  });
});
