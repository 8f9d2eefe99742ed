import { useEffect, useMemo, useState } from 'react';
import { routeForPath } from '#platform/core';
import { useRouteDefinitions } from '../../routing';
import type { Translate } from '../data-source/control-labels';
import { type GridPageChoice, menuApi } from './menu-api';

/** Screens a menu never leads to: the way in and out of the application. */
const notMenuTargets = new Set(['login', 'unauthorized', 'register', 'registercompany']);

export interface MenuTargetChoice {
  value: string;
  label: string;
}

export interface MenuTargets {
  screens: MenuTargetChoice[];
  gridPages: MenuTargetChoice[];
  /** Whether a screen opens at the Url (the menu shows only items that open one). */
  opensScreen(url: string): boolean;
}

/** The grid pages a menu item may open, listed once per editor; none when they cannot be. */
function useGridPages(): GridPageChoice[] {
  const [pages, setPages] = useState<GridPageChoice[]>([]);
  useEffect(() => {
    let live = true;
    menuApi.gridPages().then(
      (loaded) => live && setPages(loaded),
      () => live && setPages([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return pages;
}

/**
 * What a menu item may lead to: the routed screens without parameters (by their titles) and
 * the user-defined grid pages (`/udt/grid/{id}`).
 */
export function useMenuTargets(t: Translate): MenuTargets {
  const routes = useRouteDefinitions();
  const pages = useGridPages();
  return useMemo(() => {
    const screens = routes
      .filter((route) => !/[:*]/.test(route.route) && !notMenuTargets.has(route.name))
      .map((route) => ({
        value: route.route,
        label: `${route.Title ? t(route.Title) : route.name} (${route.route})`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    const gridPages = pages.map((page) => ({
      value: `/udt/grid/${page.Id}`,
      label: `${page.PageTitle} (/udt/grid/${page.Id})`,
    }));
    const opensScreen = (url: string) => {
      const path = url.split(/[?#]/)[0] ?? '';
      return routeForPath(path, routes) !== undefined;
    };
    return { screens, gridPages, opensScreen };
  }, [routes, pages, t]);
}
