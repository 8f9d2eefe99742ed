import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebServiceItem } from '#metadata';
import { useSession } from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { openAppAt } from '../support/open-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function signedInAs(permissions: string[]) {
  useSession.setState({
    user: aSignedInUser({ IsAdmin: true }),
    permissions,
    authenticated: true,
    loaded: true,
  });
}

const routes = Array.from({ length: 20 }, (_, index) => ({
  Name: `screen${String(index).padStart(2, '0')}`,
  Route: `/admin/screen${index}`,
  Permission: 'authorized',
}));
routes.push({
  Name: 'companies',
  Route: '/admin/companies',
  Permission: 'ManageCompanies,CanViewCompany&ManageUsers',
});

const dataRows = () => screen.getAllByRole('row').slice(1);

describe('the routes overview', () => {
  it('lists each route with its permission, 15 a page, and filters by any of them', async () => {
    const api = fakeApi({ 'GET /api/permissions/GetRoutePermissions': () => routes });
    vi.stubGlobal('fetch', api.fetch);
    signedInAs(['ManagePermissions']);
    openAppAt('/admin/routes');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 2, name: 'Routes' })).toBeVisible();
    await screen.findByRole('row', { name: /screen00/ });
    expect(dataRows()).toHaveLength(15);
    expect(screen.getByText('1–15 of 21')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'canview');
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    const row = dataRows()[0]!;
    expect(row).toHaveTextContent('/admin/companies');
    // `&` joins groups every one of which is required; `,` any entry of a group.
    expect(within(row).getByText('ManageCompanies, CanViewCompany & ManageUsers')).toBeVisible();

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '/admin/screen1');
    await waitFor(() => expect(dataRows()).toHaveLength(11));
  });

  it('is not opened without ManagePermissions', async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    signedInAs(['ViewLoginAudit']);
    const router = openAppAt('/admin/routes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

const services: WebServiceItem[] = [
  {
    Name: 'GET /api/units/GetUnits',
    ActionPath: '/api/units/GetUnits',
    Method: 'GET',
    Audited: false,
  },
  {
    Name: 'POST /api/units/SaveUnit',
    ActionPath: '/api/units/SaveUnit',
    Method: 'POST',
    Audited: true,
  },
  { Name: 'POST /api/auth/logout', ActionPath: '/api/auth/logout', Method: 'POST', Audited: false },
];

describe('the web services list', () => {
  it('asks the server for the chosen method and audited filters, and links the OpenAPI document', async () => {
    const api = fakeApi({
      'GET /api/ViewWebservices/GetViewWebservices': (_body, _path, url) => {
        const method = url.searchParams.get('method');
        const audited = url.searchParams.get('audited');
        return services
          .filter((item) => method === 'ANY' || item.Method === method)
          .filter((item) => audited !== '3' || item.Audited);
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    signedInAs(['ManagePermissions']);
    openAppAt('/admin/webservices');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 2, name: 'Web services' })).toBeVisible();
    await screen.findByRole('row', { name: /GetUnits/ });
    expect(dataRows()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
    expect(within(screen.getByRole('row', { name: /SaveUnit/ })).getByText('Yes')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByRole('option', { name: 'GET', hidden: true }));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(dataRows()[0]).toHaveTextContent('GET /api/units/GetUnits');

    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    await user.click(await screen.findByRole('option', { name: 'Any method', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Audited' }));
    await user.click(await screen.findByRole('option', { name: 'Audited only', hidden: true }));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(dataRows()[0]).toHaveTextContent('POST /api/units/SaveUnit');
    const asked = api.fetch.mock.calls.map((call) => String(call[0]));
    expect(asked).toContain('/api/ViewWebservices/GetViewWebservices?method=GET&audited=1');
    expect(asked).toContain('/api/ViewWebservices/GetViewWebservices?method=ANY&audited=3');
  });
});
