import { Box } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteDefinition } from '#metadata';
import { useIsAdmin, useSession } from '../auth';
import { useRouteDefinitions } from '../routing';
import { HorizontalMenu } from './horizontal-menu';
import { buildMenuTree } from './menu-tree';
import { useMenuItems } from './use-menu-items';
import { VerticalMenu } from './vertical-menu';

export interface MainMenuProps {
  /** Row for a header (default) or collapsible list for a side panel. */
  orientation?: 'horizontal' | 'vertical';
  /** Routes to check Urls against; defaults to the routes the router serves. */
  routes?: readonly RouteDefinition[];
  /** Called after an entry is chosen, e.g. to close a mobile panel. */
  onNavigate?: () => void;
}

/**
 * The main menu from `api/menu/GetMenu` in the current language, filtered by the
 * user's permissions, as a `navigation` landmark. Must render inside the router.
 *
 * @example <MainMenu />  // in the header
 * @example <MainMenu orientation="vertical" onNavigate={close} />  // in a drawer
 */
export function MainMenu({ orientation = 'horizontal', routes, onNavigate }: MainMenuProps) {
  const { t, i18n } = useTranslation();
  const routed = useRouteDefinitions();
  const authenticated = useSession((state) => state.authenticated);
  const permissions = useSession((state) => state.permissions);
  const userId = useSession((state) => state.user?.Id ?? null);
  const items = useMenuItems(i18n.language, `${userId}:${permissions.join(',')}`);
  const isAdmin = useIsAdmin();
  const available = routes ?? routed;

  const nodes = useMemo(
    () =>
      buildMenuTree(items, { routes: available, subject: { authenticated, permissions }, isAdmin }),
    [items, available, authenticated, permissions, isAdmin],
  );

  return (
    <Box component="nav" aria-label={t('MENU.LABEL')}>
      {orientation === 'horizontal' ? (
        <HorizontalMenu nodes={nodes} onNavigate={onNavigate} />
      ) : (
        <VerticalMenu nodes={nodes} onNavigate={onNavigate} />
      )}
    </Box>
  );
}
