import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { aSignedInUser } from '../support/fixtures';
import { openAdminScreen, postedBody } from './admin-support';

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

const sam = {
  Id: 5,
  Name: 'sam',
  FirstName: 'Sam',
  Surname: 'Smith',
  FullName: 'Sam Smith',
  Email: 'sam@example.com',
  Active: true,
  Language: null,
  Company: null,
  Roles: [
    { Id: 1, Name: 'Administrator', IsAdmin: true, IsChecked: true },
    { Id: 2, Name: 'Staff', IsAdmin: false, IsChecked: false },
  ],
  Groups: [
    { Id: 1, Name: 'North crews', IsQueryGroup: false, IsChecked: false },
    { Id: 2, Name: 'Late drivers', IsQueryGroup: true, IsChecked: true },
  ],
  Units: [],
  IsAdmin: true,
  Version: 3,
};
const blank = { ...sam, Id: 0, Name: '', FirstName: '', Surname: '', FullName: '', Email: '' };

const manager = ['ManageUsers', 'AssignUsersToRoles'];

function openUser(
  id: number,
  {
    permissions = manager,
    saveAnswer = () => ({ Succeeded: true }),
    isUnique = true,
    user = aSignedInUser(),
  }: {
    permissions?: string[];
    saveAnswer?: () => unknown;
    isUnique?: boolean;
    user?: ReturnType<typeof aSignedInUser>;
  } = {},
) {
  const opened = openAdminScreen(`/admin/users/${id}`, {
    entity: userEntity,
    permissions,
    user,
    handlers: {
      'GET /api/users/GetUserById/*': (_body, path) => (path.endsWith('/0') ? blank : sam),
      'POST /api/users/SaveUser': saveAnswer,
      'POST /api/check/IsUniqueName': () => ({ isUnique }),
      'GET /odata/UsersOData': () => ({ '@odata.count': 0, value: [] }),
    },
  });
  return { ...opened, user: userEvent.setup() };
}

const userName = () => screen.findByRole('textbox', { name: /^User name/ });
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const save = () => screen.getByRole('button', { name: 'Save' });
const group = (name: string) => screen.getByRole('group', { name });
const saved = () => screen.queryByText('Saved.');

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('saving a user', () => {
  it('shows a taken user name on the Name field and stays on the form', async () => {
    const { api, router, user } = openUser(5, {
      saveAnswer: () => ({ Succeeded: false, UsernameAlreadyExists: true }),
    });
    await user.clear(await userName());
    await user.type(await userName(), 'jo');
    await user.click(save());

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^User name/ })).toHaveAccessibleDescription(
        'There is already a user with this name.',
      ),
    );
    expect(api.to('/api/users/SaveUser')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/admin/users/5');
    expect(saved()).not.toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Please correct these errors:' })).toHaveTextContent(
      'There is already a user with this name.',
    );
  });

  it('shows a refusal without a flag as a failed save and stays on the form', async () => {
    const { router, user } = openUser(5, { saveAnswer: () => ({ Succeeded: false }) });
    await userName();
    await user.click(save());

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('The changes could not be saved.');
    expect(router.state.location.pathname).toBe('/admin/users/5');
  });

  it('shows an unusable password on the Password field', async () => {
    const { router, user } = openUser(5, {
      saveAnswer: () => ({ Succeeded: false, UserPasswordInvalid: true }),
    });
    await userName();
    await user.type(password(), 'Sam-secret');
    await user.click(save());

    await waitFor(() =>
      expect(password()).toHaveAccessibleDescription(
        expect.stringContaining('The password must not be the same as the user name.'),
      ),
    );
    expect(router.state.location.pathname).toBe('/admin/users/5');
  });

  it("posts the password's SHA-512 digest, never the password, and goes back to the list", async () => {
    const { api, router, user } = openUser(5);
    await userName();
    await user.type(password(), 'Sam-secret');
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    const body = postedBody(api, '/api/users/SaveUser');
    expect(body.Password).toBe(sha512('Sam-secret'));
    expect(JSON.stringify(body)).not.toContain('Sam-secret');
    expect(body).toMatchObject({ Id: 5, Name: 'sam', Version: 3 });
  });

  it('keeps the current password when the field is left empty', async () => {
    const { api, router, user } = openUser(5);
    await userName();
    expect(screen.getByText('Leave empty to keep the current password.')).toBeVisible();
    expect(password()).not.toBeRequired();
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(postedBody(api, '/api/users/SaveUser')).not.toHaveProperty('Password');
  });

  it('shows no password field to someone only looking at the user', async () => {
    openAdminScreen('/admin/users/5?mode=view', {
      entity: userEntity,
      permissions: manager,
      handlers: { 'GET /api/users/GetUserById/5': () => sam },
    });
    expect(await userName()).toHaveAttribute('readonly');
    expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).not.toBeInTheDocument();
  });

  it('needs a password for a new user', async () => {
    const { api, router, user } = openUser(0);
    await user.type(await userName(), 'newbie');
    expect(password()).toBeRequired();
    await user.click(save());

    expect(
      await screen.findByRole('alert', { name: 'Please correct these errors:' }),
    ).toHaveTextContent('Enter the password.');
    expect(api.to('/api/users/SaveUser')).toHaveLength(0);

    await user.type(password(), 'Newbie-2026');
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(postedBody(api, '/api/users/SaveUser')).toMatchObject({
      Id: 0,
      Name: 'newbie',
      Password: sha512('Newbie-2026'),
      // FingerprintJS's visitor id, for the login audit.
      FingerPrint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('checks with the server that the user name is free', async () => {
    const { api, user } = openUser(5, { isUnique: false });
    await user.clear(await userName());
    await user.type(await userName(), 'jo');
    await user.click(save());

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^User name/ })).toHaveAccessibleDescription(
        'This user name is already in use. Enter another.',
      ),
    );
    expect(api.to('/api/check/IsUniqueName').at(-1)?.body).toEqual({
      field: 'Name',
      val: 'jo',
      entity: 'Users',
      id: 5,
    });
    expect(api.to('/api/users/SaveUser')).toHaveLength(0);
  });
});

describe('what a user may change', () => {
  it('keeps an administrator from unticking an admin role of their own', async () => {
    openUser(5, { user: aSignedInUser({ Id: 5, Name: 'sam', IsAdmin: true }) });
    await userName();
    const roles = group('Roles');
    const admin = within(roles).getByRole('checkbox', { name: 'Administrator' });
    expect(admin).toBeDisabled();
    expect(admin).toBeChecked();
    expect(admin).toHaveAccessibleDescription(
      'You cannot take an administrator role away from yourself.',
    );
    expect(within(roles).getByRole('checkbox', { name: 'Staff' })).toBeEnabled();
  });

  it("lets an administrator change another user's admin role", async () => {
    openUser(5, { user: aSignedInUser({ Id: 9, IsAdmin: true }) });
    await userName();
    expect(within(group('Roles')).getByRole('checkbox', { name: 'Administrator' })).toBeEnabled();
  });

  it('does not let query groups be toggled, and says why', async () => {
    const { api, router, user } = openUser(5);
    await userName();
    const groups = group('Groups');
    const queryGroup = within(groups).getByRole('checkbox', { name: 'Late drivers' });
    expect(queryGroup).toBeDisabled();
    expect(queryGroup).toHaveAccessibleDescription(
      'Members of a query group are chosen by its query.',
    );
    const north = within(groups).getByRole('checkbox', { name: 'North crews' });
    expect(north).toBeEnabled();
    await user.click(north);
    await user.click(save());

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(postedBody(api, '/api/users/SaveUser').Groups).toEqual([
      { Id: 1, Name: 'North crews', IsQueryGroup: false, IsChecked: true },
      { Id: 2, Name: 'Late drivers', IsQueryGroup: true, IsChecked: true },
    ]);
  });

  it('shows the roles read-only to whoever may not assign roles', async () => {
    openUser(5, { permissions: ['ManageUsers'] });
    await userName();
    const roles = group('Roles');
    for (const role of within(roles).getAllByRole('checkbox')) expect(role).toBeDisabled();
    expect(
      screen.getByText(
        'Only holders of the Manage roles or Assign users to roles permission can change roles.',
      ),
    ).toBeVisible();
  });

  it('lets holders of ManageRoles assign roles', async () => {
    openUser(5, { permissions: ['ManageUsers', 'ManageRoles'] });
    await userName();
    expect(within(group('Roles')).getByRole('checkbox', { name: 'Staff' })).toBeEnabled();
    expect(screen.queryByText(/can change roles/)).not.toBeInTheDocument();
  });
});
