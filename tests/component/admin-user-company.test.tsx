import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyEntity, routeDefinitions, userEntity } from '#metadata';
import { dialogs, useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';
import { gridPageOf, postedBody } from './admin-support';

/**
 * The user form shows the Company field while users belong to companies (the setting "Users
 * belong to"; the server marks the companies' screens `Closed` otherwise), to whoever may place
 * users in a company.
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
  CompanyId: null,
  CompanyName: null,
  Roles: [],
  Groups: [],
  Units: [],
  IsAdmin: false,
  Version: 3,
};

const companies = [
  { Id: 1, CompanyName: 'Demo Surfacing Ltd' },
  { Id: 2, CompanyName: 'Northern Roads plc' },
];

/** The routes as the server answers them while users belong to no company. */
const companiesClosed = routeDefinitions.map((route) =>
  route.GridPage === companyEntity.id ? { ...route, Closed: 'Companies are not in use.' } : route,
);

function openSam(permissions: string[], routes = routeDefinitions) {
  const api = fakeApi({
    [`GET /api/grids/${userEntity.id}`]: () => gridPageOf(userEntity),
    'GET /api/users/GetUserById/*': () => sam,
    'GET /api/companies/GetAllCompanies': () => companies,
    'POST /api/users/SaveUser': () => ({ Succeeded: true }),
    'GET /odata/UsersOData': () => ({ '@odata.count': 0, value: [] }),
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({ user: aSignedInUser(), permissions, authenticated: true, loaded: true });
  const router = openAppAt('/admin/users/5', { routes });
  return { api, router, user: userEvent.setup() };
}

const manageAll = ['ManageUsers', 'ManageCompanies'];

afterEach(() => {
  vi.unstubAllGlobals();
  dialogs.closeAll();
});

describe('the company of a user', () => {
  it('is chosen from the companies while users belong to them, and saved as its id', async () => {
    const { api, router, user } = openSam(manageAll);
    const company = await screen.findByRole('combobox', { name: 'Company' });
    await user.click(company);
    await user.click(
      await screen.findByRole('option', { name: 'Northern Roads plc', hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(postedBody(api, '/api/users/SaveUser')).toMatchObject({ Id: 5, CompanyId: 2 });
  });

  it('is not offered while users belong to no company', async () => {
    openSam(manageAll, companiesClosed);
    await screen.findByRole('textbox', { name: /^User name/ });
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
  });

  it('is not offered to someone who may not place users in a company', async () => {
    const { api } = openSam(['ManageUsers']);
    await screen.findByRole('textbox', { name: /^User name/ });
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(api.to('/api/companies/GetAllCompanies')).toHaveLength(0);
  });
});
