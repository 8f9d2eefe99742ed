import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appModules } from '../../app/modules';
import { ShellLayout } from '../../app/shell/shell-layout';
import { defaultMenu, routeDefinitions } from '#metadata';
import {
  createRoutes,
  DialogHost,
  registerModules,
  ScreenRegistry,
  useLanguageStore,
  useSession,
} from '#platform/ui';
import { aSignedInUser } from '../support/fixtures';
import { createTestI18n, renderWithProviders } from '../support/render';

const registry = new ScreenRegistry();
registerModules(appModules, registry);

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/menu/GetMenu') return Response.json(defaultMenu);
  return new Response(null, { status: 404 });
});

function openAt(url: string) {
  const i18n = createTestI18n();
  const router = createMemoryRouter(
    createRoutes(routeDefinitions, registry, { layout: ShellLayout }),
    { initialEntries: [url] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>,
    { i18n },
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // The home page is for signed-in staff.
  useSession.setState({
    user: aSignedInUser(),
    permissions: [],
    authenticated: true,
    loaded: true,
  });
  useLanguageStore.setState({
    ready: true,
    languages: [
      { Id: 'en-gb', Name: 'English (UK)', LastUpdated: 1 },
      { Id: 'fake', Name: 'Fake (pseudo-localised)', LastUpdated: 1 },
    ],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('application shell', () => {
  it('frames the home page with the product name, main menu and language picker', async () => {
    openAt('/');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', {
        level: 1,
        name: 'Welcome to the Asphalt Delivery Scheduler',
      }),
    ).toBeInTheDocument();
    expect(main).not.toHaveTextContent(/coming soon|placeholder/i);

    const header = screen.getByRole('banner');
    expect(
      within(header).getByRole('link', { name: 'Asphalt Delivery Scheduler' }),
    ).toHaveAttribute('href', '/');
    expect(within(header).getByRole('combobox', { name: 'Language' })).toHaveValue('English (UK)');
    const nav = within(header).getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Deliveries' })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => expect(document.title).toBe('Deliveries – Asphalt Delivery Scheduler'));
  });

  it('greets a signed-in user by name', async () => {
    const jo = aSignedInUser();
    useSession.setState({ user: jo, permissions: [], authenticated: true, loaded: true });
    openAt('/');
    expect(await screen.findByText('Welcome back, Jo.')).toBeInTheDocument();
  });

  it('opens menu targets with clean URLs', async () => {
    const user = userEvent.setup();
    const router = openAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });

    await user.click(await within(nav).findByRole('button', { name: 'Help' }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'Report a problem', hidden: true }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Report a problem' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/about/reportaproblem');
    await waitFor(() =>
      expect(document.title).toBe('Report a problem – Asphalt Delivery Scheduler'),
    );
  });

  it('explains access denial and links home', async () => {
    const user = userEvent.setup();
    const router = openAt('/unauthorized');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    expect(screen.getByText(/You do not have permission to open this page/)).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));

    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the jobs message, then returns home after about three seconds', async () => {
    const router = openAt('/hangfireview');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The scheduled jobs dashboard is available to administrators.',
    );
    expect(router.state.location.pathname).toBe('/hangfireview');

    expect(
      await screen.findByRole(
        'heading',
        { name: 'Welcome to the Asphalt Delivery Scheduler' },
        { timeout: 4_000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
