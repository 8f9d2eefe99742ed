import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellLayout } from '../../app/shell/shell-layout';
import {
  accountPaths,
  defaultMenu,
  type ChangePasswordResult,
  type CurrentUser,
  type UpdateUserResult,
} from '#metadata';
import { dialogs, useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

/** FingerprintJS's visitor id: 32 hex digits. */
const browserFingerprintShape = expect.stringMatching(/^[0-9a-f]{32}$/);

const jo = aSignedInUser({ Name: 'jo', Email: 'joanne@example.com', Language: null });
let updateAnswer: (body: Record<string, unknown>) => UpdateUserResult;
let changeAnswer: ChangePasswordResult;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  updateAnswer = (body) => ({
    Succeeded: true,
    User: {
      ...jo,
      Name: String(body.name),
      FirstName: String(body.firstName),
      Surname: String(body.surname),
      FullName: `${String(body.firstName)} ${String(body.surname)}`,
    },
  });
  changeAnswer = { Succeeded: true };
  api = fakeApi({
    [`POST ${accountPaths.updateUser}`]: (body) => updateAnswer(body as Record<string, unknown>),
    [`POST ${accountPaths.changePassword}`]: () => changeAnswer,
    'GET /api/users/GetCurrentUser': () => useSession.getState().user,
    'POST /api/auth/permissions': () => [],
    'GET /api/menu/GetMenu': () => defaultMenu,
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: jo, permissions: [], authenticated: true, loaded: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

const textbox = (name: string) => screen.getByRole('textbox', { name });

async function openProfile() {
  openAppAt('/profile', { layout: ShellLayout });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  return userEvent.setup();
}

async function openChangePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Change password' });
}

describe('profile', () => {
  it('is reached from the user menu', async () => {
    const router = openAppAt('/', { layout: ShellLayout });
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('banner')).findByRole('button', { name: 'Jo Bloggs' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Profile', hidden: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('saves the names and shows the new name in the header', async () => {
    const user = await openProfile();
    expect(textbox('User name')).toHaveValue('jo');
    expect(textbox('E-mail address')).toHaveValue('joanne@example.com');
    await user.clear(textbox('First name'));
    await user.type(textbox('First name'), 'Joanne');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to(accountPaths.updateUser)).toHaveLength(1));
    expect(api.to(accountPaths.updateUser)[0]?.body).toEqual({
      id: jo.Id,
      name: 'jo',
      firstName: 'Joanne',
      surname: 'Bloggs',
      languageId: null,
      fingerprint: browserFingerprintShape,
    });
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Joanne Bloggs' }),
    ).toBeVisible();
    expect(useSession.getState().user?.FullName).toBe('Joanne Bloggs');
  });

  it('shows a taken user name on its field', async () => {
    updateAnswer = () => ({ Succeeded: false, UsernameAlreadyExists: true });
    const user = await openProfile();
    await user.clear(textbox('User name'));
    await user.type(textbox('User name'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(textbox('User name')).toHaveAccessibleDescription('This user name is already taken.'),
    );
    expect(useSession.getState().user).toEqual(jo);
  });

  it('opens the change-password dialog 870 px wide', async () => {
    const user = await openProfile();
    const dialog = await openChangePassword(user);
    // Mantine sizes the modal through a CSS variable in rem (16 px each): 870 / 16.
    const root = dialog.closest<HTMLElement>('.mantine-Modal-root');
    expect(root?.style.getPropertyValue('--modal-size')).toContain('54.375rem');
  });

  it('changes the password with both passwords hashed, then closes', async () => {
    const success = vi.spyOn(dialogs, 'success');
    const user = await openProfile();
    const dialog = await openChangePassword(user);
    await user.type(
      within(dialog).getByLabelText(/^Current password/, { selector: 'input' }),
      'Old-Secret-1',
    );
    await user.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input' }),
      'New-Secret-2',
    );
    await user.type(
      within(dialog).getByLabelText(/^Confirm password/, { selector: 'input' }),
      'New-Secret-2',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to(accountPaths.changePassword)[0]?.body).toEqual({
      Name: 'jo',
      CurrentPassword: sha512('Old-Secret-1'),
      NewPassword: sha512('New-Secret-2'),
      FingerPrint: browserFingerprintShape,
    });
    expect(success).toHaveBeenCalledWith(
      'Your password has been changed. You stay signed in here; your other sessions have been signed out.',
    );
  });

  it('says when the current password is wrong and keeps the dialog open', async () => {
    changeAnswer = { Succeeded: false, InvalidCurrentPassword: true };
    const user = await openProfile();
    const dialog = await openChangePassword(user);
    const current = within(dialog).getByLabelText(/^Current password/, { selector: 'input' });
    await user.type(current, 'Wrong-1');
    await user.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input' }),
      'New-Secret-2',
    );
    await user.type(
      within(dialog).getByLabelText(/^Confirm password/, { selector: 'input' }),
      'New-Secret-2',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription('The current password is incorrect.'),
    );
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeVisible();
  });

  it('checks the new password before sending: meter and current password', async () => {
    const user = await openProfile();
    const dialog = await openChangePassword(user);
    const next = within(dialog).getByLabelText(/^Password/, { selector: 'input' });
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(
      within(dialog).getByLabelText(/^Current password/, { selector: 'input' }),
    ).toHaveAccessibleDescription('Enter your current password.');
    await user.type(next, 'JO');
    expect(next).toHaveAccessibleDescription(expect.stringContaining('Use at least 6 characters.'));
    expect(api.to(accountPaths.changePassword)).toHaveLength(0);
  });

  it('refuses the user name, in any case, as the new password', async () => {
    useSession.setState({ user: { ...jo, Name: 'jo.bloggs' } as CurrentUser });
    const user = await openProfile();
    const dialog = await openChangePassword(user);
    const password = within(dialog).getByLabelText(/^Password/, { selector: 'input' });
    await user.type(
      within(dialog).getByLabelText(/^Current password/, { selector: 'input' }),
      'Old-Secret-1',
    );
    await user.type(password, 'Jo.Bloggs');
    await user.type(
      within(dialog).getByLabelText(/^Confirm password/, { selector: 'input' }),
      'Jo.Bloggs',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('The password must not be the same as the user name.'),
    );
    expect(api.to(accountPaths.changePassword)).toHaveLength(0);
  });
});
