import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { deliveryEntity, deliveryPermissions } from '#metadata';
import {
  EntityGrid,
  type EntityRow,
  type FetchOptions,
  type ODataRequest,
  useCan,
  useFreshState,
  useGridPage,
  useIsAdmin,
  useSession,
} from '#platform/ui';
import { AmendSelectedDialog, type AmendableDelivery } from '../amend/amend-selected-dialog';
import { StateLegendPanel } from '../state/state-legend-panel';
import { fetchDeliveries, fetchDeliveryValues } from './deliveries-list-api';
import { StateFilterValue } from './delivery-cells';
import {
  homeFiltersMaxAgeMs,
  homeStorageKeys,
  initialHomeFilters,
  isHomeFilters,
} from './home-filters';
import { HomeToolbar, type HomeView } from './home-toolbar';
import { useDeliveryPoints } from './use-delivery-points';
import { useLiveRows } from './use-live-rows';
import { useStateStream } from './use-state-stream';

const DeliveryMap = lazy(() => import('../map/delivery-map'));

/** A row as a screen reader names it: "Oldham Mumps junction, 26/11/2026 06:45, SMA 14 SURF". */
const deliveryRowName = (row: EntityRow) => {
  const day =
    typeof row.DeliveryDate === 'string' ? row.DeliveryDate.split('-').reverse().join('/') : '';
  return [row.SiteName, [day, row.Time].filter(Boolean).join(' '), row.MaterialCode]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(', ');
};

/** Spec: page sizes 10, 20, 100 (default 20). */
const homePageSizes = [10, 20, 100] as const;
const renderFilterValue = { State: (code: string) => <StateFilterValue code={code} /> };

/** The deliveries staff keep open all day: the grid (or the map) with the list's switches. */
export function DeliveriesHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const isAdmin = useIsAdmin();
  const page = useGridPage(deliveryEntity.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const view: HomeView = searchParams.get('view') === 'map' ? 'map' : 'grid';
  const userId = useSession((state) => state.user?.Id);
  const keys = useMemo(() => homeStorageKeys(userId), [userId]);
  const persistence = useMemo(
    () => ({ key: keys.grid, maxAgeMs: homeFiltersMaxAgeMs }),
    [keys.grid],
  );
  const [filters, setFilters] = useFreshState(
    keys.filters,
    initialHomeFilters(isAdmin),
    homeFiltersMaxAgeMs,
    isHomeFilters,
  );
  const [selected, setSelected] = useState<EntityRow[]>([]);
  const [amending, setAmending] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [request, setRequest] = useState<ODataRequest | null>(null);
  const live = useLiveRows();
  const stream = useStateStream(live.onStates);
  const points = useDeliveryPoints(request, filters);

  const fetchRows = useCallback(
    async (odata: ODataRequest, options: FetchOptions) => {
      const requestedAt = Date.now();
      const rows = await fetchDeliveries(odata, filters, options.signal);
      live.onRowsShown(rows.rows, requestedAt);
      return rows;
    },
    [filters, live],
  );
  const fetchValues = useCallback(
    (field: string, search: string, scope?: { $filter?: string }) =>
      fetchDeliveryValues(field, search, scope, filters),
    [filters],
  );
  const refresh = () => {
    live.clear();
    setRefreshKey((key) => key + 1);
  };

  if (page.status === 'loading') {
    return (
      <Center mih={200}>
        <Loader type="dots" />
      </Center>
    );
  }
  if (page.status === 'failed') return <Alert color="red">{t('ENGINE.PAGE_NOT_LOADED')}</Alert>;

  // Spec: a non-administrator with no deliveries of their own is told so, not shown an empty
  // table; with filters of their own the usual "No Results Found!" is the truer answer.
  const noMine = !isAdmin && filters.mineOnly && !request?.$filter && (
    <Text size="sm">{t('DELIVERY.NO_MINE_DELIVERIES')}</Text>
  );
  const toolbar = (
    <HomeToolbar
      filters={filters}
      onFiltersChange={setFilters}
      actions={{
        filters,
        isAdmin,
        canExport: can(deliveryPermissions.export),
        canAmend: can(deliveryPermissions.update),
        selectedCount: selected.length,
        amendSelected: () => setAmending(true),
        refresh,
      }}
      stream={stream}
      view={view}
      onViewChange={(next) =>
        setSearchParams(next === 'map' ? { view: 'map' } : {}, { replace: true })
      }
    />
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(page.value.PageTitle)}
      </Title>
      {view === 'map' && (
        <Stack gap="xs">
          {toolbar}
          <Suspense fallback={<Loader type="dots" />}>
            <DeliveryMap
              load={points.load}
              reloadKey={points.key}
              onOpen={(id) => navigate(`/delivery/${id}`)}
              legendStorageKey={keys.legend}
            />
          </Suspense>
        </Stack>
      )}
      {/* The map shows the same legend with its counts, under the same remembered choice. */}
      {view === 'grid' && <StateLegendPanel storageKey={keys.legend} />}
      <div hidden={view === 'map'}>
        <EntityGrid
          page={page.value}
          fetchRows={fetchRows}
          fetchValues={fetchValues}
          persistence={persistence}
          filtersKey={filters}
          pageSizes={homePageSizes}
          toolbar={view === 'grid' ? toolbar : null}
          emptyMessage={noMine || undefined}
          onRowClick={(row) => navigate(`/delivery/${String(row.Id)}`)}
          rowUpdates={live.updates}
          renderFilterValue={renderFilterValue}
          nameRow={deliveryRowName}
          onRequestChange={setRequest}
          selectable={can(deliveryPermissions.update)}
          onSelectionChange={setSelected}
          refreshKey={refreshKey}
        />
      </div>
      <AmendSelectedDialog
        opened={amending}
        deliveries={selected as unknown as AmendableDelivery[]}
        onClose={() => setAmending(false)}
        onAmended={() => refresh()}
      />
    </Stack>
  );
}

/** The screen at `/`: the deliveries for those who may see them, a welcome for others. */
export function HomeScreen() {
  const can = useCan();
  return can(deliveryPermissions.read) ? <DeliveriesHome /> : <Welcome />;
}

/** For those who may not see deliveries (a company administrator): what the product is. */
function Welcome() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const name = user?.FirstName || user?.FullName || user?.Name;
  return (
    <Stack gap="sm" maw={720}>
      <Title order={1}>{t('HOME.HEADING')}</Title>
      {name && <Text size="lg">{t('HOME.WELCOME_USER', { name })}</Text>}
      <Text>{t('HOME.WELCOME')}</Text>
    </Stack>
  );
}
