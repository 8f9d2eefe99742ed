import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { stateStyle } from '../state/state-style';
import type { StateCount } from './map-clusters';
import type { MapDelivery } from './map-delivery';

/** A delivery's day as the grid shows it (dd/MM/yyyy), never shifted by a time zone. */
export function deliveryDay(value: string | null): string {
  if (!value) return '';
  const day = dayjs(/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value);
  return day.isValid() ? day.format('DD/MM/YYYY') : value;
}

/** The site's name, or words saying it has none. */
export function siteName(delivery: MapDelivery, t: TFunction): string {
  return delivery.SiteName?.trim() || t('DELIVERY_MAP.NO_SITE');
}

/** The state's long name (RED, AMBER, ...). */
export function stateName(code: unknown, t: TFunction): string {
  return t(stateStyle(code).nameKey);
}

/** A point's accessible name: "Delivery Hilltop Road, 24/11/2026 07:30, RED". */
export function pointLabel(delivery: MapDelivery, t: TFunction): string {
  return t('DELIVERY_MAP.POINT_LABEL', {
    site: siteName(delivery, t),
    date: deliveryDay(delivery.DeliveryDate),
    time: delivery.Time ?? '',
    state: stateName(delivery.State, t),
  })
    .replace(/\s+,/g, ',')
    .trim();
}

/** A group's accessible name: "Group of 12 deliveries: 2 RED, 3 AMBER, 7 GREEN". */
export function groupLabel(count: number, mix: readonly StateCount[], t: TFunction): string {
  const parts = mix.map((part) =>
    t('DELIVERY_MAP.GROUP_MIX_PART', { count: part.count, state: stateName(part.state, t) }),
  );
  return t('DELIVERY_MAP.GROUP_LABEL', { count, mix: parts.join(', ') });
}
