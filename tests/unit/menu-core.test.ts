import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuSaveItem, RouteDefinition } from '#metadata';
import {
  buildMenuTree,
  flattenMenuTree,
  isSiteRelativeUrl,
  matchRoute,
  menuProblems,
} from '#platform/core';

describe('matchRoute', () => {
  it('matches as react-router does: parameters, case, a trailing slash, optional and splat', () => {
    expect(matchRoute('/udt/grid/:gridId', '/udt/grid/1001')).toEqual({ gridId: '1001' });
    expect(matchRoute('/Admin/Users', '/admin/users/')).toEqual({});
    expect(matchRoute('/', '/')).toEqual({});
    expect(matchRoute('/', '/x')).toBeNull();
    expect(matchRoute('/admin/users/:id', '/admin/users')).toBeNull();
    expect(matchRoute('/admin/users/:id', '/admin/users/1/2')).toBeNull();
    expect(matchRoute('/reports/:name?', '/reports')).toEqual({});
    expect(matchRoute('/files/*', '/files/a/b%20c')).toEqual({ '*': 'a/b c' });
  });
});

describe('isSiteRelativeUrl', () => {
  it('takes a path on this site and nothing that leaves it', () => {
    for (const url of ['/', '/admin/users', '/udt/grid/12?x=1#top', '/a:b']) {
      expect(isSiteRelativeUrl(url), url).toBe(true);
    }
    for (const url of [
      'admin',
      '//evil.example',
      '/\\evil',
      'https://x',
      ' /a',
      '/a b',
      '/a\u0000',
    ]) {
      expect(isSiteRelativeUrl(url), url).toBe(false);
    }
  });
});

const item = (Id: number, ParentId: number | null, extra: Partial<MenuSaveItem> = {}) => ({
  Id,
  Name: `Item ${Id}`,
  Url: null,
  ParentId,
  Order: 1,
  ...extra,
});

describe('menuProblems', () => {
  it('finds nothing wrong with a sound menu, new items named by their temporary ids', () => {
    expect(
      menuProblems([item(1, null), item(-1, 1, { IsNew: true }), item(-2, -1, { IsNew: true })]),
    ).toEqual([]);
  });

  it('names each item at fault, in list order', () => {
    const problems = menuProblems([
      item(1, null, { Name: ' ' }),
      item(2, 1, { Url: 'http://x' }),
      item(2, null),
      item(0, null),
      item(3, 99),
      item(4, 5),
      item(5, 4),
      item(6, 1),
      item(7, 6),
      item(8, 7),
      item(500, null, { IsNew: true }),
    ]);
    expect(problems).toEqual([
      { index: 0, field: 'Name', code: 'NAME_REQUIRED' },
      { index: 1, field: 'Url', code: 'URL_NOT_SITE_PATH' },
      { index: 2, field: 'Id', code: 'ID_TAKEN' },
      { index: 3, field: 'Id', code: 'ID_NOT_POSITIVE' },
      { index: 4, field: 'ParentId', code: 'PARENT_MISSING' },
      { index: 5, field: 'ParentId', code: 'CYCLE' },
      { index: 6, field: 'ParentId', code: 'CYCLE' },
      { index: 9, field: 'ParentId', code: 'TOO_DEEP' },
      { index: 10, field: 'IsNew', code: 'SPECIAL_NEW' },
    ]);
  });

  it('keeps the special items the stored menu has', () => {
    expect(menuProblems([item(600, null)], [600, 601])).toEqual([
      { index: null, field: null, code: 'SPECIAL_REMOVED', id: 601 },
    ]);
  });
});

describe('buildMenuTree', () => {
  const routes: RouteDefinition[] = [
    { name: 'home', route: '/', Permission: 'authorized' },
    { name: 'reports', route: '/reports', Permission: 'authorized' },
    { name: 'reportList', route: '/reports/index', Permission: 'ManageReports' },
    { name: 'dashboard', route: '/dashboard', Permission: 'authorized' },
    { name: 'page', route: '/udt/grid/:gridId', Permission: 'authorized' },
  ];
  const menu: MenuItem[] = [
    { Id: 500, Name: 'Reports', Url: '/reports/index', ParentId: null, Order: 1 },
    { Id: 2, Name: 'Dashboard', Url: '/dashboard', ParentId: null, Order: 2 },
    { Id: 3, Name: 'Pages', Url: null, ParentId: null, Order: 3 },
    { Id: 31, Name: 'Page 7', Url: '/udt/grid/7', ParentId: 3, Order: 1 },
    { Id: 32, Name: 'Dashboard inside', Url: '/dashboard', ParentId: 3, Order: 2 },
  ];
  const subject = { authenticated: true, permissions: ['ManageReports'] };

  it('sends a non-administrator’s first-level Reports and Dashboard items to /reports and /', () => {
    const nodes = buildMenuTree(menu, { routes, subject, isAdmin: false });
    expect(nodes.map((node) => [node.item.Name, node.path, node.item.Url])).toEqual([
      ['Reports', '/reports', '/reports'],
      ['Dashboard', '/', '/'],
      ['Pages', null, null],
    ]);
    expect(nodes[2]!.children.map((node) => node.path)).toEqual(['/udt/grid/7', '/dashboard']);

    const admin = buildMenuTree(menu, { routes, subject, isAdmin: true });
    expect(admin.map((node) => node.path)).toEqual(['/reports/index', '/dashboard', null]);
  });

  it('asks mayOpen about each target the route allows, and hides a parent left empty', () => {
    const nodes = buildMenuTree(menu, {
      routes,
      subject,
      isAdmin: true,
      mayOpen: ({ params, route }) => route.name !== 'page' && params.gridId === undefined,
    });
    expect(flattenMenuTree(nodes).map((entry) => entry.Id)).toEqual([500, 2, 3, 32]);
    const none = buildMenuTree(menu, { routes, subject, isAdmin: true, mayOpen: () => false });
    expect(none).toEqual([]);
  });
});
