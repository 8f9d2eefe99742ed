import {
  type MenuItem,
  nonAdminMenuTargets,
  type RouteDefinition,
  specialMenuIds,
} from '#metadata';
import { hasPermission, type PermissionSubject } from '../permissions';
import { matchRoute } from './route-match';

/** A visible menu entry with its visible children, in menu order. */
export interface MenuNode {
  /** The item as this user is given it (a non-administrator's Reports item leads to /reports). */
  item: MenuItem;
  /** The clean in-app path to open, or null for a pure parent. */
  path: string | null;
  children: MenuNode[];
}

/** Where a menu item leads: its path, the route drawing it and the route's parameters. */
export interface MenuTarget {
  path: string;
  route: RouteDefinition;
  params: Readonly<Record<string, string>>;
}

export interface MenuAccess {
  /** The route definitions the router serves. */
  routes: readonly RouteDefinition[];
  subject: PermissionSubject;
  isAdmin: boolean;
  /**
   * A further say on a target the route's permission allows (the server checks the grid page
   * of `/udt/grid/{gridId}`); absent: every allowed route opens.
   */
  mayOpen?(target: MenuTarget): boolean;
}

/** The path part of a menu Url (`admin/users?x=1` -> `/admin/users`), or null if external. */
export function menuPath(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:|^[/\\]{2}/i.test(trimmed)) return null;
  const path = trimmed.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/** The first route definition whose pattern matches the path, with its parameters. */
export function routeMatchFor(
  path: string,
  routes: readonly RouteDefinition[],
): { route: RouteDefinition; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const params = matchRoute(route.route, path);
    if (params) return { route, params };
  }
  return undefined;
}

/** The first route definition whose pattern matches the path, if any. */
export function routeForPath(
  path: string,
  routes: readonly RouteDefinition[],
): RouteDefinition | undefined {
  return routeMatchFor(path, routes)?.route;
}

/**
 * The Url an item leads a user to: its own, except that a non-administrator's first-level
 * Reports item (id 500) leads to the reports entry and a Dashboard item to the home page.
 */
export function menuUrlFor(item: MenuItem, topLevel: boolean, isAdmin: boolean): string | null {
  if (isAdmin || !topLevel) return item.Url;
  if (item.Id === specialMenuIds.reports) return nonAdminMenuTargets.reports;
  const { dashboard } = nonAdminMenuTargets;
  if (item.Url && menuPath(item.Url)?.toLowerCase() === dashboard.from) return dashboard.to;
  return item.Url;
}

function byOrder(a: MenuItem, b: MenuItem): number {
  return a.Order - b.Order || a.Id - b.Id;
}

/**
 * Builds the visible menu tree from flat menu items: children by ParentId in Order; an
 * item with a Url shows only when the Url matches a route the user may open (and `mayOpen`
 * agrees); an item without a Url shows only when a child shows; ids 600 and 601 show only
 * to admins; an item whose parent is hidden is hidden with it.
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

  const opens = (url: string): string | null => {
    const path = menuPath(url);
    const match = path === null ? undefined : routeMatchFor(path, access.routes);
    if (path === null || !match || !hasPermission(match.route.Permission, access.subject)) {
      return null;
    }
    return !access.mayOpen || access.mayOpen({ path, ...match }) ? path : null;
  };

  const visit = (item: MenuItem, seen: ReadonlySet<number>): MenuNode | null => {
    if (seen.has(item.Id)) return null;
    if (!access.isAdmin && adminOnly.includes(item.Id)) return null;
    const children = [...(childrenOf.get(item.Id) ?? [])]
      .sort(byOrder)
      .map((child) => visit(child, new Set([...seen, item.Id])))
      .filter((node): node is MenuNode => node !== null);
    const url = menuUrlFor(item, item.ParentId === null, access.isAdmin);
    const shown = url === item.Url ? item : { ...item, Url: url };
    if (!url) return children.length > 0 ? { item: shown, path: null, children } : null;
    const path = opens(url);
    return path === null ? null : { item: shown, path, children };
  };

  return [...(childrenOf.get(null) ?? [])]
    .sort(byOrder)
    .map((item) => visit(item, new Set()))
    .filter((node): node is MenuNode => node !== null);
}

/** The items of a tree, parents before their children, in menu order. */
export function flattenMenuTree(nodes: readonly MenuNode[]): MenuItem[] {
  return nodes.flatMap((node) => [node.item, ...flattenMenuTree(node.children)]);
}
