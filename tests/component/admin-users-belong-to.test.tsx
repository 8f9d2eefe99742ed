import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GridPage, userEntity } from '#metadata';
import { dialogs } from '#platform/ui';
import { gridPageOf, openAdminScreen } from './admin-support';

/**
 * The users' grid and form are drawn from the grid page the server shapes by the
 * `GroupsAndCompanies.UsersBelongTo` setting: with groups and companies off it leaves their
 * columns out and hides the groups field (engine-grid-settings.test.ts), and the user answers
 * leave out Groups and Company (people-belongs-to-off.test.ts).
 */

const sam = {
  Id: 5,
  Name: 'sam',
  FirstName: 'Sam',
  Surname: 'Smith',
  FullName: 'Sam Smith',
  Email: 'sam@example.com',
  Active: true,
  Language: null,
  Roles: [{ Id: 2, Name: 'Staff', IsAdmin: false, IsChecked: true }],
  Units: [],
  IsAdmin: false,
  Version: 3,
};

const membership = ['Groups', 'CompanyName'];

/** The Users page as the server answers it while users belong to neither groups nor companies. */
function pageWithout(): GridPage {
  const page = gridPageOf(userEntity);
  const form = { ...(page.FormDefinition as Record<string, object>) };
  for (const field of membership) form[field] = { ...form[field], 'ui:widget': 'hidden' };
  return {
    ...page,
    Columns: page.Columns.filter((column) => !membership.includes(column.Field)),
    FormDefinition: form,
  };
}

function openUsers(url: string, page: GridPage, user: Record<string, unknown>) {
  return openAdminScreen(url, {
    entity: userEntity,
    permissions: ['ManageUsers', 'AssignUsersToRoles'],
    handlers: {
      [`GET /api/grids/${userEntity.id}`]: () => page,
      'GET /api/users/GetUserById/*': () => user,
      'GET /odata/UsersOData': () => ({ '@odata.count': 1, value: [user] }),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('users while groups and companies are off', () => {
  it('leaves the group and company columns out of the grid', async () => {
    openUsers('/admin/users', pageWithout(), sam);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('sam')).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent ?? '');
    expect(headers.some((text) => /Roles/.test(text))).toBe(true);
    expect(headers.some((text) => /Groups|Company/.test(text))).toBe(false);
  });

  it('shows the group column and field again when the page has them', async () => {
    const groups = [{ Id: 1, Name: 'North crews', IsQueryGroup: false, IsChecked: true }];
    openUsers('/admin/users/5', gridPageOf(userEntity), { ...sam, Groups: groups });
    await screen.findByRole('textbox', { name: /^User name/ });
    expect(screen.getByRole('group', { name: 'Groups' })).toBeInTheDocument();
  });

  it('leaves the groups field out of the user form', async () => {
    openUsers('/admin/users/5', pageWithout(), sam);
    await screen.findByRole('textbox', { name: /^User name/ });
    expect(screen.getByRole('group', { name: 'Roles' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Groups' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Company/)).not.toBeInTheDocument();
  });
});
