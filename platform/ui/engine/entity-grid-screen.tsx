import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentRoute } from '../routing';
import { entityExtension } from './entity-extensions';
import { EntityGrid } from './entity-grid';
import { useGridPage } from './use-grid-page';

/** The screen of a grid page: the route's `GridPage`, or `:gridId` of `/udt/grid/:gridId`. */
export function EntityGridScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { gridId } = useParams();
  const page = useGridPage(route.GridPage ?? (Number(gridId) || undefined));
  const [refreshKey, setRefreshKey] = useState(0);
  const reload = useCallback(() => setRefreshKey((key) => key + 1), []);

  if (page.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (page.status === 'failed') {
    return <Alert color="red">{t('ENGINE.PAGE_NOT_LOADED')}</Alert>;
  }
  const Toolbar = entityExtension(page.value.DataSourceName).toolbar;
  return (
    <Stack gap="md">
      <Title order={2}>{t(page.value.PageTitle)}</Title>
      <EntityGrid
        page={page.value}
        refreshKey={refreshKey}
        toolbar={Toolbar && <Toolbar page={page.value} reload={reload} />}
      />
    </Stack>
  );
}
