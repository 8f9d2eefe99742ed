import { Badge, Button, Group, Menu, SegmentedControl, Switch, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dialogs, DownloadButton, DownloadIcon, HttpError, saveFile } from '#platform/ui';
import { exportDeliveries, mismatchFile, type MismatchKind } from './deliveries-list-api';
import type { HomeFilters } from './home-filters';
import type { StreamStatus } from './use-state-stream';

export type HomeView = 'grid' | 'map';

export interface HomeToolbarProps {
  filters: HomeFilters;
  onFiltersChange(filters: HomeFilters): void;
  isAdmin: boolean;
  canExport: boolean;
  canAmend: boolean;
  selectedCount: number;
  onAmendSelected(): void;
  onRefresh(): void;
  stream: StreamStatus;
  view: HomeView;
  onViewChange(view: HomeView): void;
}

const failureText = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.message ? error.message : fallback;

function ExportButton({ filters, isAdmin }: { filters: HomeFilters; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    // Spec: an info dialog with the server's text; the button is enabled again.
    <DownloadButton
      download={() => exportDeliveries(filters, isAdmin)}
      fallbackName="deliveries.xlsx"
      failure={t('DELIVERY.HOME.EXPORT_FAILED')}
      failureDialog="info"
    >
      {t('DELIVERY.HOME.EXPORT')}
    </DownloadButton>
  );
}

function MismatchFiles() {
  const { t } = useTranslation();
  const download = async (kind: MismatchKind) => {
    try {
      saveFile(await mismatchFile(kind), `${kind}.xlsx`);
    } catch (error) {
      await dialogs.info(failureText(error, t('DELIVERY.HOME.DOWNLOAD_FAILED')));
    }
  };
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<DownloadIcon />}>
          {t('DELIVERY.HOME.MISMATCH_FILES')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('multimatch')}>
          {t('DELIVERY.HOME.MULTIMATCH_FILE')}
        </Menu.Item>
        <Menu.Item onClick={() => void download('nomatch')}>
          {t('DELIVERY.HOME.NOMATCH_FILE')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
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

/** Above the home grid: the list's switches, export and downloads, amend, refresh, live state. */
export function HomeToolbar(props: HomeToolbarProps) {
  const { t } = useTranslation();
  const { filters, onFiltersChange } = props;
  const set = (change: Partial<HomeFilters>) => onFiltersChange({ ...filters, ...change });
  return (
    <Group gap="xs" wrap="wrap" align="center">
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
      {props.canAmend && (
        <Button size="xs" disabled={props.selectedCount === 0} onClick={props.onAmendSelected}>
          {props.selectedCount > 0
            ? t('DELIVERY.HOME.AMEND_SELECTED_COUNT', { count: props.selectedCount })
            : t('DELIVERY.HOME.AMEND_SELECTED')}
        </Button>
      )}
      {props.canExport && <ExportButton filters={filters} isAdmin={props.isAdmin} />}
      <MismatchFiles />
      <Button size="xs" variant="subtle" onClick={props.onRefresh}>
        {t('DELIVERY.HOME.REFRESH')}
      </Button>
      <LiveIndicator status={props.stream} />
    </Group>
  );
}
