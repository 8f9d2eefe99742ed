import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../../app/app-root';
import { startApp } from '../../app/start-up';
import { defaultMenu, defaultTexts, routeDefinitions } from '#metadata';
import { usePageReveal } from '#platform/ui';
import { aSignedInUser } from '../support/fixtures';

const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  switch (url.pathname) {
    case '/api/routes':
      return Response.json([
        ...routeDefinitions,
        { name: 'not-yet-built', route: '/later', Permission: 'everybody' },
      ]);
    case '/api/users/GetCurrentUser':
      return Response.json(aSignedInUser());
    case '/api/auth/permissions':
      return Response.json([]);
    case '/api/Language/GetLanguages':
      return Response.json([{ Id: 'en-gb', Name: 'English (UK)', LastUpdated: 5 }]);
    case '/api/Language/translations/en-gb':
    case '/api/Language/translations/default':
      return Response.json(defaultTexts);
    case '/api/menu/GetMenu':
      return Response.json(defaultMenu);
    default:
      return new Response(null, { status: 404 });
  }
});

const calledPaths = () => fetchMock.mock.calls.map(([input]) => String(input));

beforeAll(() => vi.stubGlobal('fetch', fetchMock));
afterAll(() => vi.unstubAllGlobals());

describe('start-up', () => {
  it('loads routes, session and translations, then opens the first route', async () => {
    window.history.replaceState(null, '', '/later');

    const router = await startApp();
    expect(usePageReveal.getState().revealed).toBe(false);
    render(<AppRoot router={router} />);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Welcome to the Asphalt Delivery Scheduler',
      }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    await waitFor(() => expect(usePageReveal.getState().revealed).toBe(true));
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Deliveries' })).toBeInTheDocument();

    const routesCall = fetchMock.mock.calls.find(([input]) => String(input) === '/api/routes');
    expect(routesCall?.[1]?.cache).toBe('no-store');
    expect(calledPaths()).toContain('/api/Language/translations/en-gb?v=5');
    expect(calledPaths()).toContain('/api/users/GetCurrentUser');
    expect(calledPaths()).toContain('/api/auth/permissions');
  });
});
