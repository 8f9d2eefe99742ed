import { Alert, Center, Loader } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { gridPageEntity } from '#metadata';
import { useCan } from '../../engine/use-can';
import type { Loaded } from '../../engine/use-grid-page';
import { useCurrentRoute, useRouteDefinitions } from '../../routing';
import { blankGridPage } from './drafts';
import { gridPageApi, type GridPageView } from './grid-page-api';
import { GridPageDesigner } from './grid-page-designer';

/**
 * Loads the grid page of `:id` (0: a blank new one, without a call); `reload` loads it again.
 * Each load has its own number, so that a reload starts the designer afresh.
 */
function useGridPageView(id: string, design: boolean) {
  const [loaded, setLoaded] = useState<Loaded<{ page: GridPageView; load: number }>>({
    status: 'loading',
  });
  const loads = useRef(0);
  const load = useCallback(() => {
    let live = true;
    const number = (loads.current += 1);
    const pageId = Number(id);
    setLoaded({ status: 'loading' });
    const request =
      Number.isInteger(pageId) && pageId > 0
        ? gridPageApi.load(pageId, design)
        : pageId === 0
          ? Promise.resolve(blankGridPage)
          : Promise.reject(new Error(`No grid page ${id}`));
    request.then(
      (page) => live && setLoaded({ status: 'ready', value: { page, load: number } }),
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id, design]);
  useEffect(() => load(), [load]);
  return { loaded, reload: load };
}

/**
 * The screen of `/admin/grids/{id}` (0 = new): the grid page designer. Registered by the app
 * as `gridPageDesigner`, the detail screen of the grid pages' own grid page.
 */
export function GridPageDesignerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const routes = useRouteDefinitions();
  const { id = '0' } = useParams();
  // Designers read the page as stored; others (the menu's editors) as its screen shows it.
  const design = useCan()(gridPageEntity.permissions.update);
  const { loaded, reload } = useGridPageView(id, design);
  const listPath =
    routes.find((entry) => entry.GridPage === route.GridPage && entry.Screen === 'entityGrid')
      ?.route ?? '/';

  // The new page's own URL shows it as it is now stored.
  const onCreated = useCallback(
    (page: GridPageView) =>
      navigate(route.route.replace(':id', String(page.Id)), { replace: true }),
    [navigate, route.route],
  );

  if (loaded.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader type="dots" aria-label={t('GRID_DESIGNER.LOADING')} />
      </Center>
    );
  }
  if (loaded.status === 'failed') return <Alert color="red">{t('ENGINE.ROW_NOT_LOADED')}</Alert>;
  return (
    <GridPageDesigner
      key={loaded.value.load}
      page={loaded.value.page}
      listPath={listPath}
      onCreated={onCreated}
      reload={reload}
    />
  );
}
