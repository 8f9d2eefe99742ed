import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentRoute } from '../routing';
import type { ODataRequest } from '../schema-grid';
import { isUserTablePage } from './entity-api';
import { entityExtension } from './entity-extensions';
import { EntityGrid } from './entity-grid';
import { GridExportButtons } from './grid-export-buttons';
import { useGridPage } from './use-grid-page';

/** The screen of a grid page: the route's `GridPage`, or `:gridId` of `/udt/grid/:gridId`. */
export function EntityGridScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { gridId } = useParams();
  const page = useGridPage(route.GridPage ?? (Number(gridId) || undefined));
  const [refreshKey, setRefreshKey] = useState(0);
  const reload = useCallback(() => setRefreshKey((key) => key + 1), []);
  // The grid's last request, read when an export starts (no re-render per request).
  const request = useRef<ODataRequest | null>(null);
  const onRequestChange = useCallback((next: ODataRequest) => {
    request.current = next;
  }, []);

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
  const exports = isUserTablePage(page.value);
  return (
    <Stack gap="md">
      <Title order={2}>{t(page.value.PageTitle)}</Title>
      <EntityGrid
        // A new page (another /udt/grid/{gridId}) starts with its own sort and filters.
        key={page.value.Id}
        page={page.value}
        refreshKey={refreshKey}
        onRequestChange={exports ? onRequestChange : undefined}
        toolbar={
          (Toolbar || exports) && (
            <>
              {Toolbar && <Toolbar page={page.value} reload={reload} />}
              {exports && <GridExportButtons page={page.value} request={request} />}
            </>
          )
        }
      />
    </Stack>
  );
}
