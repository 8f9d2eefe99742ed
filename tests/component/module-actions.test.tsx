import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { GridPage, GridRowAction, RouteDefinition } from '#metadata';
import {
  actionRegistry,
  createRoutes,
  EntityGrid,
  type GridActionContext,
  type GridActionDefinition,
  type ModuleManifest,
  registerModules,
  ScreenRegistry,
  useSession,
} from '#platform/ui';
import { fakeApi } from '../support/fake-api';
import { aSignedInUser } from '../support/fixtures';
import { gridColumn, testGridPage } from '../support/grid-page';
import { renderWithProviders } from '../support/render';

/**
 * A module plugs an action into the engine's grids through its manifest alone: no file of
 * the platform or of another module names it.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lorriesPage = testGridPage({
  Id: 77,
  PageTitle: 'Lorries',
  DataSourceName: 'Lorries',
  ListUrl: '/odata/LorriesOData',
  Columns: [gridColumn(1, 'Plate', 'string')],
});

const weighed: GridActionContext[] = [];
const weighLorries: GridActionDefinition = {
  id: 'fixture.weighLorries',
  surface: 'grid',
  where: 'toolbar',
  label: 'Weigh every lorry',
  predicate: ({ page }) => page.DataSourceName === 'Lorries',
  perform: (context) => {
    weighed.push(context);
    context.reload();
  },
};

function LorriesScreen() {
  return <EntityGrid page={lorriesPage} />;
}

const fixtureModule: ModuleManifest = {
  name: 'fixture-lorries',
  screens: { lorries: LorriesScreen },
  actions: [weighLorries],
};

const routes: RouteDefinition[] = [{ name: 'lorries', route: '/lorries', Permission: 'everybody' }];
const registry = new ScreenRegistry();
registerModules([fixtureModule], registry);

function openLorries() {
  const api = fakeApi({
    'GET /odata/LorriesOData': () => ({ '@odata.count': 1, value: [{ Id: 1, Plate: 'AB12 CDE' }] }),
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.setState({
    user: aSignedInUser(),
    permissions: [],
    authenticated: true,
    loaded: true,
  });
  const router = createMemoryRouter(createRoutes(routes, registry), {
    initialEntries: ['/lorries'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return api;
}

describe('an action a module registers', () => {
  it('appears on the toolbar of the grids its predicate takes and runs when clicked', async () => {
    const api = openLorries();
    expect(await screen.findByRole('cell', { name: 'AB12 CDE' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Weigh every lorry' }));

    expect(weighed).toHaveLength(1);
    expect(weighed[0]?.page.Id).toBe(77);
    // The action reloaded the grid's rows through the context it was given.
    await vi.waitFor(() => expect(api.to('/odata/LorriesOData')).toHaveLength(2));
  });

  it('stays off grids its predicate refuses', async () => {
    openRows({ ...lorriesPage, DataSourceName: 'Trailers' });
    expect(await screen.findByRole('cell', { name: 'AB12 CDE' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Weigh every lorry' })).not.toBeInTheDocument();
  });

  it('runs the registered action a row action of the page definition names by its Type', async () => {
    const open = actionRegistry.get<GridActionContext>('Open')!;
    const performed = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    actionRegistry.register<GridActionContext>({ ...open, perform: performed });
    onTestFinished(() => void actionRegistry.register(open));
    openRows({ ...lorriesPage, RowActions: [openRowAction] });

    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));

    expect(performed).toHaveBeenCalledWith(
      expect.objectContaining({ row: { Id: 1, Plate: 'AB12 CDE' }, definition: openRowAction }),
    );
  });

  it('warns, and does nothing else, for a Type no action is registered as', async () => {
    const open = actionRegistry.get<GridActionContext>('Open')!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    actionRegistry.unregister('Open');
    onTestFinished(() => void actionRegistry.register(open));
    openRows({ ...lorriesPage, RowActions: [openRowAction] });

    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));

    expect(warn).toHaveBeenCalledWith('No action is registered as "Open".');
    expect(screen.getByRole('cell', { name: 'AB12 CDE' })).toBeInTheDocument();
  });
});

const openRowAction: GridRowAction = {
  Id: 1,
  Type: 'Open',
  Title: 'GRID.ACTION.OPEN',
  UrlToRedirect: '/lorries/{id}',
  Order: 1,
};

/** The engine's grid of a page alone, its rows from the fake API. */
function openRows(page: GridPage) {
  vi.stubGlobal(
    'fetch',
    fakeApi({ 'GET /odata/LorriesOData': () => ({ value: [{ Id: 1, Plate: 'AB12 CDE' }] }) }).fetch,
  );
  useSession.setState({
    user: aSignedInUser(),
    permissions: [],
    authenticated: true,
    loaded: true,
  });
  const router = createMemoryRouter([{ path: '*', element: <EntityGrid page={page} /> }]);
  renderWithProviders(<RouterProvider router={router} />);
}
