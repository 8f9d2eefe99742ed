import type { Kysely } from 'kysely';
import type { MenuItem } from '#metadata';
import { screenRoutes } from '../app-shell/index';
import {
  buildMenuTree,
  flattenMenuTree,
  hasPermission,
  menuPath,
  routeMatchFor,
} from '#platform/core';
import type { Database } from '../../db/schema';
import type { EntityCaller } from '../../engine/caller';
import { accessFor } from '../../engine/entity-access';
import { entityById } from '../../engine/entity-context';
import type { EntityHookRegistry } from '../../engine/entity-hooks';
import { AppError } from '../../errors/app-error';
import { gridPageAudiences } from './menu-repository';

const maxId = 2_147_483_647;

/** The grid page id a route's `gridId` parameter names, or null when it names none. */
function gridPageId(gridId: string): number | null {
  const id = /^\d{1,10}$/.test(gridId) ? Number(gridId) : NaN;
  return id > 0 && id <= maxId ? id : null;
}

/**
 * The grid page a Url opens: the one its route's `gridId` parameter names (`/udt/grid/{gridId}`,
 * `/udt/details/{gridId}/...`), else the one its route draws (`GridPage`), if any.
 */
function gridPageOf(url: string | null): { page: number; byParam: boolean } | null {
  const path = url === null ? null : menuPath(url);
  const match = path === null ? undefined : routeMatchFor(path, screenRoutes());
  const gridId = match?.params.gridId;
  if (gridId !== undefined) {
    const page = gridPageId(gridId);
    return page === null ? null : { page, byParam: true };
  }
  const page = match?.route.GridPage;
  return page === undefined ? null : { page, byParam: false };
}

interface PageAnswers {
  /** The pages the caller may see, among those a `gridId` names. */
  visible: Set<number>;
  /** The pages whose data source the installation does not use now (see notInUse). */
  closed: Set<number>;
}

/**
 * Of the grid pages `ids`, those whose data source the installation does not use now, and,
 * among those a `gridId` names, the ones the caller may see as `GET api/grids/{id}` decides:
 * the page's own permission admits them ('' admits everybody) and they may read its data source.
 */
async function gridPageAnswers(
  db: Kysely<Database>,
  hooks: EntityHookRegistry,
  caller: EntityCaller,
  ids: readonly number[],
  byParam: ReadonlySet<number>,
): Promise<PageAnswers> {
  const answers: PageAnswers = { visible: new Set(), closed: new Set() };
  const notInUse = await hooks.notInUse(db);
  for (const page of await gridPageAudiences(db, ids)) {
    if (notInUse.has(page.dataSourceId)) {
      answers.closed.add(page.id);
      continue;
    }
    if (!byParam.has(page.id)) continue;
    if (page.permission !== '' && !hasPermission(page.permission, caller.subject)) continue;
    try {
      const access = accessFor(hooks, await entityById(db, page.dataSourceId), caller);
      if (hasPermission(access.entity.permissions.read, caller.subject))
        answers.visible.add(page.id);
    } catch (error) {
      // A data source that is gone or not served: nobody opens the page.
      if (!(error instanceof AppError && error.code === 'NotFound')) throw error;
    }
  }
  return answers;
}

/**
 * The items of a menu the caller is shown, parents before children: ids 600 and 601 only to
 * administrators, an item only when the caller may open its route (and the grid page it
 * opens) and the installation uses its data source, a parent without a Url only with a child
 * shown; a non-administrator's Reports and
 * Dashboard items lead where the spec sends them.
 */
export async function menuVisibleTo(
  db: Kysely<Database>,
  hooks: EntityHookRegistry,
  caller: EntityCaller,
  items: readonly MenuItem[],
): Promise<MenuItem[]> {
  const targets = items.map((item) => gridPageOf(item.Url)).filter((target) => target !== null);
  const pageIds = [...new Set(targets.map((target) => target.page))];
  const byParam = new Set(targets.filter((target) => target.byParam).map(({ page }) => page));
  const pages = await gridPageAnswers(db, hooks, caller, pageIds, byParam);
  const tree = buildMenuTree(items, {
    routes: screenRoutes(),
    subject: caller.subject,
    isAdmin: caller.user?.isAdmin ?? false,
    // A route drawing a grid page opens only the pages the caller may see, and no other; no
    // route opens a page whose data source is not in use (companies while users have none).
    mayOpen: ({ route, params }) => {
      if (params.gridId === undefined) {
        return route.GridPage === undefined || !pages.closed.has(route.GridPage);
      }
      const page = gridPageId(params.gridId);
      return page !== null && pages.visible.has(page) && !pages.closed.has(page);
    },
  });
  return flattenMenuTree(tree);
}
