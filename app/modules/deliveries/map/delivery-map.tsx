import { Alert, Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StateLegendPanel } from '../state/state-legend-panel';
import classes from './delivery-map.module.css';
import { MapCanvas } from './map-canvas';
import { placeDeliveries, type MapDelivery } from './map-delivery';
import { useMapSettings } from './map-settings';
import { useMapDeliveries } from './use-map-deliveries';

export type { MapDelivery } from './map-delivery';

export interface DeliveryMapProps {
  /** The deliveries to show (the grid's filtered ones); called again when `reloadKey` changes. */
  load(signal: AbortSignal): Promise<MapDelivery[]>;
  /**
   * A value that changes (by Object.is) when the deliveries must be loaded again, e.g. the
   * grid's OData filter string; keep it stable between renders otherwise.
   */
  reloadKey: unknown;
  /** Opens a delivery (its detail page). */
  onOpen(id: number): void;
  /** The map's height; default 560 px. */
  height?: number | string;
  /** Where this browser remembers whether the states' legend was left open (see StateLegendPanel). */
  legendStorageKey?: string;
}

/**
 * The deliveries on a map of the UK and Ireland: a point per delivery in its state's colour and
 * letter, grouped where dense (a group shows its count and worst state, and zooms in when
 * chosen); a point's popup tells its site, material, time, state and reason, and opens it.
 * Works offline on the outline it ships with; draws tiles only when the server names a tile
 * server. Load it lazily: Leaflet and its CSS come with this module only.
 *
 * @example
 * const DeliveryMap = lazy(() => import('./map/delivery-map'));
 * <DeliveryMap load={(signal) => fetchAll(query, signal)} reloadKey={query} onOpen={open} />
 */
export function DeliveryMap({
  load,
  reloadKey,
  onOpen,
  height = 560,
  legendStorageKey,
}: DeliveryMapProps) {
  const { t } = useTranslation();
  const result = useMapDeliveries(load, reloadKey);
  const settings = useMapSettings();
  const placed = useMemo(() => placeDeliveries(result.deliveries), [result.deliveries]);
  const helpId = useId();
  const empty = result.status === 'ready' && result.deliveries.length === 0;

  return (
    <Stack gap="xs">
      {result.status === 'failed' && (
        <Alert color="red" variant="light" title={t('DELIVERY_MAP.LOAD_FAILED')} role="alert">
          <Button size="xs" variant="white" color="red" onClick={result.retry}>
            {t('DELIVERY_MAP.RETRY')}
          </Button>
        </Alert>
      )}
      <StateLegendPanel storageKey={legendStorageKey} counts={placed.stateCounts} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {result.status === 'ready' && t('DELIVERY_MAP.SHOWN', { count: placed.points.length })}
      </Text>
      {placed.unplaced > 0 && (
        <Text size="sm" role="note">
          {t('DELIVERY_MAP.NO_LOCATION', { count: placed.unplaced })}
        </Text>
      )}
      <div className={classes.frame} style={{ height }}>
        <MapCanvas placed={placed} settings={settings} onOpen={onOpen} describedBy={helpId} />
        {result.status === 'loading' && (
          <div className={classes.overlay} role="status">
            <Loader size="sm" />
            <Text size="sm">{t('DELIVERY_MAP.LOADING')}</Text>
          </div>
        )}
        {empty && (
          <Paper className={classes.notice} shadow="xs" px="sm" py={6} withBorder>
            <Text size="sm">{t('DELIVERY_MAP.EMPTY')}</Text>
          </Paper>
        )}
      </div>
      <Text size="xs" c="dimmed" id={helpId}>
        {t('DELIVERY_MAP.LEGEND_GROUP')} {t('DELIVERY_MAP.KEYBOARD_HELP')}
      </Text>
    </Stack>
  );
}

export default DeliveryMap;
