import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roleEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { aSignedInUser } from '../support/fixtures';
import { openAdminScreen, postedBody } from './admin-support';

const permissions = (checked: boolean[]) =>
  ['Manage users', 'Manage roles', 'View deliveries'].map((Name, index) => ({
    Id: index + 1,
    Name,
    IsChecked: checked[index] ?? false,
  }));

const roles: Record<string, unknown> = {
  0: {
    Id: 0,
    Name: '',
    IsAdmin: false,
    IsParameterised: false,
    Permissions: permissions([]),
    Version: 0,
  },
  1: {
    Id: 1,
    Name: 'Administrator',
    IsAdmin: true,
    IsParameterised: false,
    Permissions: permissions([true, true, true]),
    Version: 1,
  },
  4: {
    Id: 4,
    Name: 'Dispatcher',
    IsAdmin: false,
    IsParameterised: false,
    Permissions: permissions([false, false, true]),
    DelegatedRoles: [
      { Id: 2, Name: 'Staff', IsAdmin: false, IsChecked: true },
      { Id: 3, Name: 'Manager', IsAdmin: false, IsChecked: false },
    ],
    Version: 2,
  },
};

function openRole(id: number, grants: string[], user = aSignedInUser()) {
  const opened = openAdminScreen(`/admin/roles/${id}`, {
    entity: roleEntity,
    permissions: grants,
    user,
    handlers: {
      'GET /api/roles/GetRoleById/*': (_body, path) => roles[path.split('/').at(-1) ?? ''],
      'POST /api/Roles/SaveRole': (body) => body,
      'POST /api/check/IsUniqueName': () => ({ isUnique: true }),
      'GET /odata/RolesOData': () => ({ '@odata.count': 0, value: [] }),
    },
  });
  return { ...opened, user: userEvent.setup() };
}

const roleName = () => screen.findByRole('textbox', { name: /^Name/ });
const permissionList = () => screen.getByRole('group', { name: 'Permissions' });
const permissionBoxes = () => within(permissionList()).getAllByRole('checkbox');
const isAdmin = () => screen.getByRole('checkbox', { name: 'Administrator role' });
const save = () => screen.getByRole('button', { name: 'Save' });

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('role permissions', () => {
  it('can be changed by holders of ManageRoles', async () => {
    const { api, router, user } = openRole(4, ['ManageRoles']);
    await roleName();
    for (const box of permissionBoxes()) expect(box).toBeEnabled();
    expect(screen.queryByText(/cannot be edited|can change the permissions/)).toBeNull();
    await user.click(within(permissionList()).getByRole('checkbox', { name: 'Manage users' }));
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
    expect(postedBody(api, '/api/Roles/SaveRole').Permissions).toEqual(
      permissions([true, false, true]),
    );
  });

  it('are read-only, with the reason under them, for whoever lacks ManageRoles', async () => {
    openRole(4, ['AssignUsersToRoles']);
    await roleName();
    for (const box of permissionBoxes()) expect(box).toBeDisabled();
    expect(
      screen.getByText(
        'Only holders of the Manage roles permission can change the permissions of a role.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('cannot be edited on an administrator role, which says why, and are not posted', async () => {
    const { api, router, user } = openRole(1, ['ManageRoles'], aSignedInUser({ IsAdmin: true }));
    await roleName();
    for (const box of permissionBoxes()) {
      expect(box).toBeDisabled();
      expect(box).toBeChecked();
    }
    const reason = screen.getByText(
      'An administrator role holds every permission, so its permissions cannot be edited.',
    );
    // The reason is under the list.
    expect(
      permissionList().compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
    expect(postedBody(api, '/api/Roles/SaveRole')).not.toHaveProperty('Permissions');
  });
});

describe('whether a role is an administrator role', () => {
  it('is read-only once the role exists', async () => {
    openRole(4, ['ManageRoles'], aSignedInUser({ IsAdmin: true }));
    await roleName();
    expect(isAdmin()).toBeDisabled();
    expect(
      screen.getByText('Whether a role is an administrator role is set when it is created.'),
    ).toBeVisible();
  });

  it('is chosen by an administrator creating the role', async () => {
    const { api, router, user } = openRole(0, ['ManageRoles'], aSignedInUser({ IsAdmin: true }));
    await user.type(await roleName(), 'Auditors');
    expect(isAdmin()).toBeEnabled();
    await user.click(isAdmin());
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/roles'));
    const body = postedBody(api, '/api/Roles/SaveRole');
    expect(body).toMatchObject({ Id: 0, Name: 'Auditors', IsAdmin: true });
    expect(body).not.toHaveProperty('Permissions');
  });

  it('cannot be chosen by anyone else', async () => {
    openRole(0, ['ManageRoles'], aSignedInUser({ IsAdmin: false }));
    await roleName();
    expect(isAdmin()).toBeDisabled();
    expect(
      screen.getByText('Only an administrator can create an administrator role.'),
    ).toBeVisible();
    for (const box of permissionBoxes()) expect(box).toBeEnabled();
  });
});

describe('role editor: delegated roles', () => {
  it('lets a holder of ManageDelegatedRoles change them and posts them with the role', async () => {
    const { api, user } = openRole(4, ['ManageRoles', 'ManageDelegatedRoles']);
    await roleName();
    const list = screen.getByRole('group', { name: 'Roles its holders may give to others' });
    await user.click(within(list).getByRole('checkbox', { name: 'Manager' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('/api/Roles/SaveRole')).toHaveLength(1));
    expect(postedBody(api, '/api/Roles/SaveRole')).toMatchObject({
      DelegatedRoles: [
        { Id: 2, IsChecked: true },
        { Id: 3, IsChecked: true },
      ],
    });
  });

  it('shows them read-only, with the reason, to a viewer', async () => {
    openRole(4, ['ManageRoles', 'ViewDelegatedRoles']);
    await roleName();
    const list = screen.getByRole('group', { name: 'Roles its holders may give to others' });
    for (const box of within(list).getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(
      screen.getByText('Changing delegated roles needs the Manage delegated roles permission.'),
    ).toBeInTheDocument();
  });

  it('hides them from those who may neither view nor manage them', async () => {
    openRole(4, ['ManageRoles']);
    await roleName();
    expect(
      screen.queryByRole('group', { name: 'Roles its holders may give to others' }),
    ).not.toBeInTheDocument();
  });
});
