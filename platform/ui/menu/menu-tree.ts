import { matchPath } from 'react-router';
import type { MenuItem, RouteDefinition } from '#metadata';
import { specialMenuIds } from '#metadata';
import { hasPermission, type PermissionSubject } from '#platform/core';

/** A visible menu entry with its visible children, in menu order. */
export interface MenuNode {
  item: MenuItem;
  /** The clean in-app path to open, or null for a pure parent. */
  path: string | null;
  children: MenuNode[];
}

export interface MenuAccess {
  /** The route definitions the router serves. */
  routes: readonly RouteDefinition[];
  subject: PermissionSubject;
  isAdmin: boolean;
}

/** The path part of a menu Url (`admin/users?x=1` -> `/admin/users`), or null if external. */
export function menuPath(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(trimmed)) return null;
  const path = trimmed.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/** The first route definition whose pattern matches the path, if any. */
export function routeForPath(
  path: string,
  routes: readonly RouteDefinition[],
): RouteDefinition | undefined {
  return routes.find((route) => matchPath({ path: route.route, end: true }, path) !== null);
}

function byOrder(a: MenuItem, b: MenuItem): number {
  return a.Order - b.Order || a.Id - b.Id;
}

/**
 * Builds the visible menu tree from flat menu items: children by ParentId in Order; an
 * item with a Url shows only when the Url matches a route the user may open; an item
 * without a Url shows only when a child shows; ids 600 and 601 show only to admins.
 *
 * @example buildMenuTree(items, { routes, subject: { authenticated, permissions }, isAdmin })
 */
export function buildMenuTree(items: readonly MenuItem[], access: MenuAccess): MenuNode[] {
  const adminOnly: readonly number[] = specialMenuIds.adminOnly;
  const childrenOf = new Map<number | null, MenuItem[]>();
  for (const item of items) {
    const siblings = childrenOf.get(item.ParentId) ?? [];
    siblings.push(item);
    childrenOf.set(item.ParentId, siblings);
  }

  const visit = (item: MenuItem, seen: ReadonlySet<number>): MenuNode | null => {
    if (seen.has(item.Id)) return null;
    if (!access.isAdmin && adminOnly.includes(item.Id)) return null;
    const children = (childrenOf.get(item.Id) ?? [])
      .sort(byOrder)
      .map((child) => visit(child, new Set([...seen, item.Id])))
      .filter((node): node is MenuNode => node !== null);
    if (!item.Url) return children.length > 0 ? { item, path: null, children } : null;
    const path = menuPath(item.Url);
    const route = path === null ? undefined : routeForPath(path, access.routes);
    if (!route || !hasPermission(route.Permission, access.subject)) return null;
    return { item, path, children };
  };

  return (childrenOf.get(null) ?? [])
    .sort(byOrder)
    .map((item) => visit(item, new Set()))
    .filter((node): node is MenuNode => node !== null);
}
