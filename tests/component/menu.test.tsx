import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MenuItem, type RouteDefinition } from '#metadata';
import { MainMenu, menuSaved, useSession } from '#platform/ui';
import { aSignedInUser } from '../support/fixtures';
import { createTestI18n, renderWithProviders } from '../support/render';

const routes: RouteDefinition[] = [
  { name: 'home', route: '/', Permission: 'everybody' },
  { name: 'users', route: '/admin/users', Permission: 'ManageUsers' },
  { name: 'user', route: '/admin/users/:id', Permission: 'ManageUsers' },
  { name: 'roles', route: '/admin/roles', Permission: 'ManageRoles' },
  { name: 'jobs', route: '/admin/jobs', Permission: 'authorized' },
  { name: 'report', route: '/about/reportaproblem', Permission: 'everybody' },
  { name: 'reports', route: '/reports', Permission: 'ViewReports' },
  { name: 'reportList', route: '/reports/index', Permission: 'ManageReports' },
];

const menu: MenuItem[] = [
  { Id: 900, Name: 'Help', Url: null, ParentId: null, Order: 90 },
  { Id: 901, Name: 'Report a problem', Url: '/about/reportaproblem', ParentId: 900, Order: 1 },
  { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1 },
  { Id: 2, Name: 'Administration', Url: null, ParentId: null, Order: 5 },
  { Id: 22, Name: 'Roles', Url: '/admin/roles', ParentId: 2, Order: 2 },
  { Id: 21, Name: 'Users', Url: 'admin/users?active=true', ParentId: 2, Order: 1 },
  { Id: 23, Name: 'User 5', Url: '/admin/users/5', ParentId: 2, Order: 3 },
  { Id: 3, Name: 'Only roles inside', Url: null, ParentId: null, Order: 6 },
  { Id: 31, Name: 'Roles again', Url: '/admin/roles', ParentId: 3, Order: 1 },
  { Id: 600, Name: 'Jobs', Url: '/admin/jobs', ParentId: null, Order: 7 },
  { Id: 601, Name: 'Admin tools', Url: null, ParentId: 2, Order: 9 },
  { Id: 602, Name: 'Jobs again', Url: '/admin/jobs', ParentId: 601, Order: 1 },
  { Id: 4, Name: 'External', Url: 'https://example.com/', ParentId: null, Order: 8 },
  { Id: 5, Name: 'Not routed', Url: '/nowhere', ParentId: null, Order: 9 },
];

async function menuOfLanguage(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  const language = url.searchParams.get('language');
  const items =
    language === 'fake' ? menu.map((item) => ({ ...item, Name: `~${item.Name}~` })) : menu;
  return new Response(JSON.stringify(items), { headers: { 'Content-Type': 'application/json' } });
}
const fetchMock = vi.fn(menuOfLanguage);

const user = aSignedInUser();

function signIn(permissions: string[], isAdmin = false) {
  useSession.setState({
    user: { ...user, IsAdmin: isAdmin },
    permissions,
    authenticated: true,
    loaded: true,
  });
}

function renderMenu() {
  const i18n = createTestI18n();
  const router = createMemoryRouter([{ path: '*', element: <MainMenu routes={routes} /> }]);
  renderWithProviders(<RouterProvider router={router} />, { i18n });
  return { i18n, router };
}

/** Names of the links and dropdown buttons in the bar, in screen order. */
const topLevelNames = (nav: HTMLElement) =>
  [...nav.querySelectorAll('a, button')].map((element) => element.textContent);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  fetchMock.mockImplementation(menuOfLanguage);
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('main menu', () => {
  it('asks the server again when the menu editor saved the menu', async () => {
    signIn(['ManageUsers']);
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Deliveries' })).toBeVisible();
    const added: MenuItem = { Id: 10000, Name: 'Inspections', Url: '/', ParentId: null, Order: 2 };
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify([...menu, added]), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    act(() => menuSaved());
    expect(await within(nav).findByRole('link', { name: 'Inspections' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks the server again when someone signs in, as it answers each caller their own menu', async () => {
    // The server leaves out what the caller may not open: signed out, only Help is answered.
    fetchMock.mockImplementation(async () => {
      const signedIn = useSession.getState().authenticated;
      const items = signedIn ? menu : menu.filter((item) => [900, 901].includes(item.Id));
      return new Response(JSON.stringify(items), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('button', { name: 'Help' })).toBeVisible();
    expect(within(nav).queryByRole('link', { name: 'Deliveries' })).toBeNull();

    act(() => signIn(['ManageUsers']));
    expect(await within(nav).findByRole('link', { name: 'Deliveries' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is a navigation landmark built in Order from the menu of the current language', async () => {
    signIn(['ManageUsers']);
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Deliveries' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(topLevelNames(nav)).toEqual(['Deliveries', 'Administration', 'Help']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/menu/GetMenu?language=en-gb');
  });

  it('shows children the user may open and hides the rest', async () => {
    const clicks = userEvent.setup();
    signIn(['ManageUsers']);
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });

    await clicks.click(await within(nav).findByRole('button', { name: 'Administration' }));

    const users = await screen.findByRole('menuitem', { name: 'Users', hidden: true });
    expect(users).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('menuitem', { name: 'User 5', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Roles', hidden: true })).toBeNull();
    expect(screen.queryByText('Admin tools')).toBeNull();
    expect(screen.queryByText('Jobs again')).toBeNull();
  });

  it('hides parents without a visible child, external and unrouted Urls, and ids 600/601 for non-admins', async () => {
    signIn(['ManageUsers', 'ManageRoles']);
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Deliveries' });
    expect(topLevelNames(nav)).toEqual([
      'Deliveries',
      'Administration',
      'Only roles inside',
      'Help',
    ]);
  });

  it('shows ids 600 and 601 to administrators', async () => {
    const clicks = userEvent.setup();
    signIn(['ManageUsers'], true);
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Jobs' })).toHaveAttribute(
      'href',
      '/admin/jobs',
    );
    await clicks.click(within(nav).getByRole('button', { name: 'Administration' }));
    expect(await screen.findByText('Admin tools')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Jobs again', hidden: true })).toBeInTheDocument();
  });

  it('shows anonymous users only what everybody may open', async () => {
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Deliveries' });
    expect(topLevelNames(nav)).toEqual(['Deliveries', 'Help']);
  });

  it('follows permission changes', async () => {
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Deliveries' });
    expect(within(nav).queryByRole('button', { name: 'Administration' })).toBeNull();

    act(() => signIn(['ManageRoles']));

    expect(await within(nav).findByRole('button', { name: 'Administration' })).toBeInTheDocument();
  });

  it('sends a non-administrator’s Reports item (500) to /reports and keeps an administrator’s own', async () => {
    const reports: MenuItem[] = [
      { Id: 1, Name: 'Deliveries', Url: '/', ParentId: null, Order: 1 },
      { Id: 500, Name: 'Reports', Url: '/reports/index', ParentId: null, Order: 2 },
    ];
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async () => Response.json(reports));
    try {
      signIn(['ViewReports']);
      renderMenu();
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(await within(nav).findByRole('link', { name: 'Reports' })).toHaveAttribute(
        'href',
        '/reports',
      );
      act(() => signIn(['ManageReports'], true));
      await waitFor(() =>
        expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute(
          'href',
          '/reports/index',
        ),
      );
    } finally {
      fetchMock.mockImplementation(served);
    }
  });

  it('reloads the menu in the new language when the language changes', async () => {
    const { i18n } = renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Deliveries' });

    await act(() => i18n.changeLanguage('fake'));

    expect(await within(nav).findByRole('link', { name: '~Deliveries~' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/menu/GetMenu?language=fake');
  });
});
