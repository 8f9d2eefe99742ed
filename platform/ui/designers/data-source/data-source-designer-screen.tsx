import { Alert, Center, Loader } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { DataSourceView } from '#metadata';
import type { Loaded } from '../../engine/use-grid-page';
import { useCurrentRoute, useRouteDefinitions } from '../../routing';
import { dataSourceApi } from './data-source-api';
import { DataSourceDesigner } from './data-source-designer';

/**
 * Loads the data source of `:id` (0: a blank new one); `reload` loads it again. Each load has
 * its own number, so that a reload starts the designer afresh even when nothing else differs.
 */
function useDataSourceView(id: string) {
  const [loaded, setLoaded] = useState<Loaded<{ view: DataSourceView; load: number }>>({
    status: 'loading',
  });
  const loads = useRef(0);
  const load = useCallback(() => {
    let live = true;
    const number = (loads.current += 1);
    setLoaded({ status: 'loading' });
    dataSourceApi.load(id).then(
      (view) => live && setLoaded({ status: 'ready', value: { view, load: number } }),
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(() => load(), [load]);
  return { loaded, reload: load };
}

/**
 * The screen of `/admin/dataSources/{id}` (0 = new): the data source designer. Registered by
 * the app as `dataSourceDesigner`, the detail screen of the data sources' grid page.
 */
export function DataSourceDesignerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const routes = useRouteDefinitions();
  const { id = '0' } = useParams();
  const { loaded, reload } = useDataSourceView(id);
  const listPath =
    routes.find((entry) => entry.GridPage === route.GridPage && entry.Screen === 'entityGrid')
      ?.route ?? '/';

  // The new data source's own URL shows it as it is now stored.
  const onCreated = useCallback(
    (view: DataSourceView) =>
      navigate(route.route.replace(':id', String(view.Id)), { replace: true }),
    [navigate, route.route],
  );

  if (loaded.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader type="dots" aria-label={t('DESIGNER.LOADING')} />
      </Center>
    );
  }
  if (loaded.status === 'failed') return <Alert color="red">{t('ENGINE.ROW_NOT_LOADED')}</Alert>;
  return (
    <DataSourceDesigner
      key={loaded.value.load}
      view={loaded.value.view}
      listPath={listPath}
      onCreated={onCreated}
      reload={reload}
    />
  );
}
