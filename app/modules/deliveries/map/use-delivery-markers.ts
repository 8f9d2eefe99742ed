import type { TFunction } from 'i18next';
import { divIcon, layerGroup, marker, type Map as LeafletMap, type Marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { deliveryDay, groupLabel, pointLabel, siteName, stateName } from './delivery-texts';
import classes from './delivery-map.module.css';
import { stateRank, type Clusters, type MapItem } from './map-clusters';
import type { MapDelivery } from './map-delivery';
import { groupIcon, groupSize, pointIcon, pointSize, pointTooltip } from './marker-icons';

export type GroupItem = Extract<MapItem, { kind: 'group' }>;

export interface MarkerHandlers {
  /** A point was chosen: `open` (Enter) opens the delivery, `details` (click, Space) shows them. */
  onPoint(
    delivery: MapDelivery,
    action: 'open' | 'details',
    source: HTMLElement,
    byKeyboard: boolean,
  ): void;
  /** A group was chosen (click, Enter or Space). */
  onGroup(group: GroupItem, source: HTMLElement, byKeyboard: boolean): void;
}

function createMarker(
  item: MapItem,
  delivery: MapDelivery | undefined,
  t: TFunction,
): { marker: Marker; label: string } {
  const size = item.kind === 'point' ? pointSize : groupSize(item.count);
  const html =
    item.kind === 'point' ? pointIcon(item.state) : groupIcon(item.count, item.worst, item.mix);
  const state = item.kind === 'point' ? item.state : item.worst;
  const created = marker([item.lat, item.lng], {
    icon: divIcon({ html, className: classes.marker, iconSize: [size, size] }),
    keyboard: true,
    riseOnHover: true,
    zIndexOffset: stateRank(state) * 100 + (item.kind === 'group' ? 1000 : 0),
  });
  if (item.kind === 'point' && delivery) {
    const when = `${deliveryDay(delivery.DeliveryDate)} ${delivery.Time ?? ''}`.trim();
    const tooltip = pointTooltip(siteName(delivery, t), when, stateName(delivery.State, t));
    created.bindTooltip(tooltip, { direction: 'top', offset: [0, -size / 2], opacity: 1 });
    return { marker: created, label: pointLabel(delivery, t) };
  }
  return {
    marker: created,
    label: item.kind === 'group' ? groupLabel(item.count, item.mix, t) : '',
  };
}

/**
 * Draws the deliveries on `map` as points and groups for the zoom in view, redrawn as the view
 * moves; markers still in view are kept (so the focused one stays focused). Each marker is a
 * button named for screen readers, reached with Tab.
 */
export function useDeliveryMarkers(
  map: LeafletMap | null,
  clusters: Clusters,
  deliveries: ReadonlyMap<number, MapDelivery>,
  handlers: MarkerHandlers,
  t: TFunction,
): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!map) return;
    const layer = layerGroup().addTo(map);
    const shown = new Map<string, Marker>();

    const add = (item: MapItem) => {
      const delivery = item.kind === 'point' ? deliveries.get(item.id) : undefined;
      const { marker: created, label } = createMarker(item, delivery, t);
      created.addTo(layer);
      const element = created.getElement();
      if (!element) return;
      element.setAttribute('aria-label', label);
      element.dataset.kind = item.kind;
      const choose = (byKeyboard: boolean, key: 'Enter' | ' ' | null) => {
        created.closeTooltip();
        if (item.kind === 'group') handlersRef.current.onGroup(item, element, byKeyboard);
        else if (delivery) {
          const action = key === 'Enter' ? 'open' : 'details';
          handlersRef.current.onPoint(delivery, action, element, byKeyboard);
        }
      };
      created.on('click', () => choose(false, null));
      element.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        event.stopPropagation();
        choose(true, event.key);
      });
      shown.set(item.key, created);
    };

    const draw = () => {
      const view = map.getBounds().pad(0.25);
      const items = clusters.itemsIn(
        [view.getWest(), view.getSouth(), view.getEast(), view.getNorth()],
        map.getZoom(),
      );
      const keys = new Set(items.map((item) => item.key));
      for (const [key, old] of shown) {
        if (keys.has(key)) continue;
        layer.removeLayer(old);
        shown.delete(key);
      }
      for (const item of items) if (!shown.has(item.key)) add(item);
    };

    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, clusters, deliveries, t]);
}
