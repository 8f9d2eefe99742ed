import { Badge, Group, SegmentedControl, Switch, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '#platform/ui';
import { type DeliveriesHomeContext, deliveriesHomeSurface } from './home-actions';
import type { HomeFilters } from './home-filters';
import { HomeFiltersDrawer } from './home-filters-drawer';
import type { StreamStatus } from './use-state-stream';

export type HomeView = 'grid' | 'map';

export interface HomeToolbarProps {
  filters: HomeFilters;
  onFiltersChange(filters: HomeFilters): void;
  /** What the registered actions of the toolbar (amend, export, refresh...) are given. */
  actions: DeliveriesHomeContext;
  stream: StreamStatus;
  view: HomeView;
  onViewChange(view: HomeView): void;
}

const streamKeys = {
  live: 'DELIVERY.HOME.STREAM_LIVE',
  connecting: 'DELIVERY.HOME.STREAM_CONNECTING',
  offline: 'DELIVERY.HOME.STREAM_OFFLINE',
} as const satisfies Record<StreamStatus, string>;

const streamColours: Record<StreamStatus, string> = {
  live: 'green',
  connecting: 'yellow',
  offline: 'gray',
};

function LiveIndicator({ status }: { status: StreamStatus }) {
  const { t } = useTranslation();
  const key = streamKeys[status];
  return (
    <Tooltip label={t(`${key}_HELP`)} withArrow multiline maw={260}>
      <Badge
        variant="dot"
        color={streamColours[status]}
        size="lg"
        tabIndex={0}
        role="status"
        aria-label={t(`${key}_HELP`)}
      >
        {t(key)}
      </Badge>
    </Tooltip>
  );
}

/** A phone: the switches go in a drawer, the actions stay on the page. */
const phoneQuery = '(max-width: 40em)';

/** Above the home grid: the list's switches, export and downloads, amend, refresh, live state. */
export function HomeToolbar(props: HomeToolbarProps) {
  const phone = useMediaQuery(phoneQuery) ?? false;
  const switches = <HomeSwitches {...props} />;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      {phone ? <HomeFiltersDrawer filters={props.filters}>{switches}</HomeFiltersDrawer> : switches}
      <ActionButtons surface={deliveriesHomeSurface} context={props.actions} size="xs" />
      <LiveIndicator status={props.stream} />
    </Group>
  );
}

/** How the list is shown and which deliveries it holds; each applies as it is changed. */
function HomeSwitches(props: HomeToolbarProps) {
  const { t } = useTranslation();
  const { filters, onFiltersChange } = props;
  const set = (change: Partial<HomeFilters>) => onFiltersChange({ ...filters, ...change });
  return (
    <>
      <SegmentedControl
        size="xs"
        aria-label={t('DELIVERY.HOME.VIEW')}
        value={props.view}
        onChange={(value) => props.onViewChange(value as HomeView)}
        data={[
          { value: 'grid', label: t('DELIVERY.HOME.VIEW_GRID') },
          { value: 'map', label: t('DELIVERY.HOME.VIEW_MAP') },
        ]}
      />
      <SegmentedControl
        size="xs"
        aria-label={t('DELIVERY.HOME.UNITS')}
        value={filters.mineOnly ? 'mine' : 'all'}
        onChange={(value) => set({ mineOnly: value === 'mine' })}
        data={[
          { value: 'mine', label: t('DELIVERY.HOME.UNITS_MINE') },
          { value: 'all', label: t('DELIVERY.HOME.UNITS_ALL') },
        ]}
      />
      <Switch
        size="sm"
        label={t('DELIVERY.HOME.SHOW_PAST')}
        checked={filters.showPast}
        onChange={(event) => set({ showPast: event.currentTarget.checked })}
      />
      <Switch
        size="sm"
        label={t('DELIVERY.HOME.ACTIVE_UNITS_ONLY')}
        checked={filters.activeUnitsOnly}
        onChange={(event) => set({ activeUnitsOnly: event.currentTarget.checked })}
      />
    </>
  );
}
