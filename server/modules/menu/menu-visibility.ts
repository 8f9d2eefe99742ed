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

/** The grid page a Url opens (`/udt/grid/{gridId}`, `/udt/details/{gridId}/...`), if any. */
function gridPageOf(url: string | null): number | null {
  const path = url === null ? null : menuPath(url);
  const gridId = path === null ? undefined : routeMatchFor(path, screenRoutes())?.params.gridId;
  return gridId === undefined ? null : gridPageId(gridId);
}

/**
 * The grid pages among `ids` the caller may see, as `GET api/grids/{id}` decides: the page's
 * own permission admits them ('' admits everybody) and they may read its data source.
 */
async function visibleGridPages(
  db: Kysely<Database>,
  hooks: EntityHookRegistry,
  caller: EntityCaller,
  ids: readonly number[],
): Promise<Set<number>> {
  const visible = new Set<number>();
  for (const page of await gridPageAudiences(db, ids)) {
    if (page.permission !== '' && !hasPermission(page.permission, caller.subject)) continue;
    try {
      const access = accessFor(hooks, await entityById(db, page.dataSourceId), caller);
      if (hasPermission(access.entity.permissions.read, caller.subject)) visible.add(page.id);
    } catch (error) {
      // A data source that is gone or not served: nobody opens the page.
      if (!(error instanceof AppError && error.code === 'NotFound')) throw error;
    }
  }
  return visible;
}

/**
 * The items of a menu the caller is shown, parents before children: ids 600 and 601 only to
 * administrators, an item only when the caller may open its route (and the grid page it
 * opens), a parent without a Url only with a child shown; a non-administrator's Reports and
 * Dashboard items lead where the spec sends them.
 */
export async function menuVisibleTo(
  db: Kysely<Database>,
  hooks: EntityHookRegistry,
  caller: EntityCaller,
  items: readonly MenuItem[],
): Promise<MenuItem[]> {
  const pageIds = [...new Set(items.map((item) => gridPageOf(item.Url)))].filter(
    (id): id is number => id !== null,
  );
  const pages = await visibleGridPages(db, hooks, caller, pageIds);
  const tree = buildMenuTree(items, {
    routes: screenRoutes(),
    subject: caller.subject,
    isAdmin: caller.user?.isAdmin ?? false,
    // A route drawing a grid page opens only the pages the caller may see, and no other.
    mayOpen: ({ params }) => {
      if (params.gridId === undefined) return true;
      const page = gridPageId(params.gridId);
      return page !== null && pages.has(page);
    },
  });
  return flattenMenuTree(tree);
}
