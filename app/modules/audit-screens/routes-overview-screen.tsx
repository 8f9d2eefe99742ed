import { Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '#platform/ui';
import { localGridPage, searchRows } from './local-rows';
import { LocalRowsGrid } from './local-rows-grid';
import { useLoaded } from './use-loaded';

interface RoutePermission {
  Name: string;
  Route: string;
  Permission: string;
}

/** `A,B&C` as people read it: any of a group's entries, every `&`-joined group. */
export const readablePermission = (expression: string) =>
  expression
    .split('&')
    .map((group) =>
      group
        .split(',')
        .map((entry) => entry.trim())
        .join(', '),
    )
    .join(' & ');

const searched = ['Name', 'Route', 'Permission'] as const;

/** `/admin/routes`: every route of the app with the permission it requires (spec 6, 9). */
export function RoutesOverviewScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { state } = useLoaded(
    () => http.get<RoutePermission[]>('/api/permissions/GetRoutePermissions'),
    'routes',
  );
  const page = useMemo(
    () =>
      localGridPage(
        'ROUTES.ROUTES_OVERVIEW',
        'Route',
        [
          { field: 'Name', title: 'AUDIT_SCREENS.ROUTES.NAME' },
          { field: 'Route', title: 'AUDIT_SCREENS.ROUTES.ROUTE' },
          { field: 'Permission', title: 'AUDIT_SCREENS.ROUTES.PERMISSION' },
        ],
        15,
      ),
    [],
  );
  const rows = useMemo(
    () =>
      state.status === 'ready'
        ? state.value.map((route) => ({
            ...route,
            Permission: readablePermission(route.Permission),
          }))
        : [],
    [state],
  );
  const matching = useMemo(() => searchRows(rows, searched, search), [rows, search]);

  return (
    <Stack gap="md">
      <Title order={2}>{t('ROUTES.ROUTES_OVERVIEW')}</Title>
      <TextInput
        label={t('AUDIT_SCREENS.SEARCH')}
        description={t('AUDIT_SCREENS.ROUTES.SEARCH_HINT')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <LocalRowsGrid
        status={state.status}
        page={page}
        rows={rows}
        matching={matching}
        filtersKey={search}
      />
    </Stack>
  );
}
