import { useCallback, useEffect, useMemo, useState } from 'react';
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
  /** The grid pages could not be listed; `reloadGridPages` tries again. */
  gridPagesFailed: boolean;
  reloadGridPages(): void;
  /** Whether a screen opens at the Url (the menu shows only items that open one). */
  opensScreen(url: string): boolean;
}

/** Waits before the second and third try of a failed grid pages call. */
const retryDelays = [1000, 3000];

interface GridPagesState {
  pages: GridPageChoice[];
  /** True once every try failed: the editor says so and offers another. */
  failed: boolean;
  reload(): void;
}

/**
 * The grid pages a menu item may open, listed once per editor. A failed call is tried again
 * twice (a busy server), then reported: an empty list would read as "there are no pages".
 */
function useGridPages(): GridPagesState {
  const [pages, setPages] = useState<GridPageChoice[]>([]);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number) => {
      menuApi.gridPages().then(
        (loaded) => {
          if (!live) return;
          setPages(loaded);
          setFailed(false);
        },
        () => {
          if (!live) return;
          const delay = retryDelays[tries];
          if (delay === undefined) setFailed(true);
          else timer = setTimeout(() => attempt(tries + 1), delay);
        },
      );
    };
    attempt(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { pages, failed, reload };
}

/**
 * What a menu item may lead to: the routed screens without parameters (by their titles) and
 * the user-defined grid pages (`/udt/grid/{id}`).
 */
export function useMenuTargets(t: Translate): MenuTargets {
  const routes = useRouteDefinitions();
  const { pages, failed, reload } = useGridPages();
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
    return { screens, gridPages, gridPagesFailed: failed, reloadGridPages: reload, opensScreen };
  }, [routes, pages, failed, reload, t]);
}
