import { expect, type Page } from '@playwright/test';

/** Screens reached only from a mail or before signing in; each has its own tests. */
export const notSignedInScreens = new Set(['/login', '/register', '/unauthorized']);

interface RouteEntry {
  route: string;
}

/** The first row of a list, by its Id. */
interface Page1 {
  /** Absent when the user may not list them. */
  value?: { Id: number }[];
}

/** The route list's screens as paths: parameters filled with rows that exist. */
export async function screenPaths(page: Page): Promise<string[]> {
  const read = async <T>(url: string) => (await (await page.request.get(url)).json()) as T;
  const routes = await read<RouteEntry[]>('/api/routes');
  const deliveries = await read<Page1>('/odata/DeliveriesOData?$top=1&$select=Id');
  const grids = await read<Page1>('/odata/GridPagesOData?$top=1&$select=Id&$orderby=Id');
  const filled: Record<string, string> = {
    '/admin/users/:id': '/admin/users/1',
    '/admin/roles/:id': '/admin/roles/1',
    '/admin/units/:id': '/admin/units/1',
    '/admin/groups/:id': '/admin/groups/1',
    '/admin/companies/:id': '/admin/companies/1',
    '/admin/permissions/:id': '/admin/permissions/1',
    '/admin/templates/:id': '/admin/templates/1',
    '/admin/material/:id': '/admin/material/1',
    '/admin/dataSources/:id': '/admin/dataSources/0',
    '/admin/grids/:id': `/admin/grids/${grids.value?.[0]?.Id ?? 1}`,
    '/delivery/:id': `/delivery/${deliveries.value?.[0]?.Id ?? 1}`,
  };
  return routes
    .map((entry) => filled[entry.route] ?? entry.route)
    .filter((path) => !path.includes(':') && !notSignedInScreens.has(path));
}

/**
 * Opens a screen as the menu opens it (the router follows the address), not by loading the
 * whole application again, and waits for its heading.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('main').getByRole('heading').first(), path).toBeVisible();
}
