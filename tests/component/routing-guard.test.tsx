import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '#metadata';
import {
  clearReturnPath,
  createRoutes,
  DialogHost,
  resetDialogs,
  getReturnPath,
  onAccessDenied,
  revalidateOnSessionChange,
  ScreenRegistry,
  useSession,
  type AccessDeniedDetail,
} from '#platform/ui';
import { aSignedInUser } from '../support/fixtures';
import { renderWithProviders } from '../support/render';

const definitions: RouteDefinition[] = [
  { name: 'home', route: '/', Permission: 'everybody' },
  { name: 'login', route: '/login', Permission: 'everybody' },
  { name: 'unauthorized', route: '/unauthorized', Permission: 'everybody' },
  { name: 'users', route: '/admin/users/:id', Permission: 'ManageUsers' },
  { name: 'not-built', route: '/admin/not-built', Permission: 'everybody' },
  {
    name: 'companies',
    route: '/admin/companies',
    Permission: 'ManageCompanies',
    Closed: 'Companies are not in use in this installation.',
  },
];

const screenOf = (heading: string) => () => <h1>{heading}</h1>;
const registry = new ScreenRegistry()
  .register('home', screenOf('Home screen'))
  .register('login', screenOf('Login screen'))
  .register('unauthorized', screenOf('Unauthorized screen'))
  .register('users', screenOf('Users screen'))
  .register('companies', screenOf('Companies screen'));

const user = aSignedInUser();

function signIn(permissions: string[]) {
  useSession.setState({ user, permissions, authenticated: true, loaded: true });
}

function openAt(url: string) {
  const router = createMemoryRouter(createRoutes(definitions, registry), { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

let denials: AccessDeniedDetail[] = [];
let stopListening = () => {};

beforeEach(() => {
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
  clearReturnPath();
  denials = [];
  stopListening = onAccessDenied((detail) => denials.push(detail));
});
afterEach(() => {
  stopListening();
  act(() => resetDialogs());
});

describe('route guard', () => {
  it('refuses a screen the installation does not use now, saying why', async () => {
    signIn(['ManageCompanies']);
    const router = createMemoryRouter(createRoutes(definitions, registry), {
      initialEntries: ['/admin/companies'],
    });
    renderWithProviders(
      <>
        <RouterProvider router={router} />
        <DialogHost />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Unauthorized screen' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Companies are not in use in this installation.',
    );
    expect(screen.queryByRole('heading', { name: 'Companies screen' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(denials).toEqual([{ path: '/admin/companies', permission: 'ManageCompanies' }]);
  });

  it('opens a route whose permission the user holds', async () => {
    signIn(['ManageUsers']);
    const router = openAt('/admin/users/3');
    expect(await screen.findByRole('heading', { name: 'Users screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users/3');
    expect(denials).toEqual([]);
  });

  it('sends a signed-in user without the permission to /unauthorized and broadcasts the denial', async () => {
    signIn(['ManageRoles']);
    const router = openAt('/admin/users/3?tab=roles');
    expect(await screen.findByRole('heading', { name: 'Unauthorized screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(denials).toEqual([{ path: '/admin/users/3?tab=roles', permission: 'ManageUsers' }]);
    expect(getReturnPath()).toBeNull();
  });

  it('sends an anonymous user to /login and remembers where they wanted to go', async () => {
    const router = openAt('/admin/users/3?tab=roles');
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getReturnPath()).toBe('/admin/users/3?tab=roles');
    expect(sessionStorage.getItem('returnPath')).toBe('/admin/users/3?tab=roles');
    expect(denials).toHaveLength(1);
  });

  it('sends an unknown URL to the root path', async () => {
    const router = openAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('treats a definition without a registered screen as unknown', async () => {
    const router = openAt('/admin/not-built');
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('re-checks the open route when the session ends', async () => {
    signIn(['ManageUsers']);
    const router = openAt('/admin/users/3');
    const stop = revalidateOnSessionChange(router);
    await screen.findByRole('heading', { name: 'Users screen' });

    act(() => useSession.getState().clear());

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(getReturnPath()).toBe('/admin/users/3');
    stop();
  });
});
