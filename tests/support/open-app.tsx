import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { waitFor } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';
import { appModules } from '../../app/modules';
import { type RouteDefinition, routeDefinitions } from '#metadata';
import {
  createRoutes,
  DialogHost,
  registerModules,
  revalidateOnSessionChange,
  ScreenRegistry,
  useLanguageStore,
  useSession,
} from '#platform/ui';
import { fakeApi } from './fake-api';
import { aSignedInUser } from './fixtures';
import { renderWithProviders } from './render';

const registry = new ScreenRegistry();
registerModules(appModules, registry);

/**
 * Opens the application's routes at `url` as start-up wires them (guards, revalidation on
 * session changes), with a dialog host; optionally inside a layout such as the shell.
 */
export function openAppAt(
  url: string,
  {
    layout,
    routes = routeDefinitions,
  }: { layout?: ComponentType; routes?: readonly RouteDefinition[] } = {},
) {
  useLanguageStore.setState({
    ready: true,
    languages: [{ Id: 'en-gb', Name: 'English (UK)', LastUpdated: 1 }],
  });
  const router = createMemoryRouter(createRoutes(routes, registry, { layout }), {
    initialEntries: [url],
  });
  onTestFinished(revalidateOnSessionChange(router));
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>,
  );
  return router;
}

/** Opens `url` signed in with only `permissions` (and no API), and waits to be refused. */
export async function expectRefusedWith(url: string, permissions: string[]) {
  vi.stubGlobal('fetch', fakeApi({}).fetch);
  useSession.setState({ user: aSignedInUser(), permissions, authenticated: true, loaded: true });
  const router = openAppAt(url);
  await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
}
