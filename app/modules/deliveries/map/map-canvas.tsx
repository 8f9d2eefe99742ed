import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapSettings } from '#metadata';
import classes from './delivery-map.module.css';
import { DeliveryDetails, GroupMembers } from './delivery-popup';
import { createClusters, stateRank } from './map-clusters';
import { ukExtent, type MapDelivery, type PlacedDeliveries } from './map-delivery';
import { MapPopup, type PopupPlace } from './map-popup';
import { useDeliveryMarkers, type MarkerHandlers } from './use-delivery-markers';
import { latLngBox, useLeafletMap } from './use-leaflet-map';

type Selection = PopupPlace & {
  /** The deliveries it was chosen from: a new load closes it. */
  placed: PlacedDeliveries;
  deliveries: MapDelivery[];
};

export interface MapCanvasProps {
  placed: PlacedDeliveries;
  settings: MapSettings | null;
  onOpen(id: number): void;
  /** Id of the text that says how to use the map by keyboard. */
  describedBy?: string;
}

/** The Leaflet map with the deliveries' points and groups, and the popup of the one chosen. */
export function MapCanvas({ placed, settings, onOpen, describedBy }: MapCanvasProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(container, settings, {
    zoomIn: t('DELIVERY_MAP.ZOOM_IN'),
    zoomOut: t('DELIVERY_MAP.ZOOM_OUT'),
    outlineCredit: t('DELIVERY_MAP.OUTLINE_CREDIT'),
  });
  const clusters = useMemo(() => createClusters(placed.points), [placed]);
  const [selection, setSelection] = useState<Selection | null>(null);
  const shown = selection?.placed === placed ? selection : null;

  useEffect(() => {
    if (!map) return;
    const fit = () =>
      map.fitBounds(latLngBox(placed.box ?? ukExtent), {
        padding: [32, 32],
        // On the outline alone a closer view shows only land: keep the coast in sight.
        maxZoom: settings?.TileUrl ? 11 : 7,
        animate: false,
      });
    fit();
    // Drawn while hidden (an inactive tab), the map had no size to fit: fit once it has one.
    const refit = (event: { oldSize: { x: number; y: number } }) => {
      if (event.oldSize.x === 0 || event.oldSize.y === 0) fit();
    };
    map.on('resize', refit);
    return () => {
      map.off('resize', refit);
    };
  }, [map, placed, settings?.TileUrl]);

  const handlers: MarkerHandlers = {
    onPoint(delivery, action, source, byKeyboard) {
      if (action === 'open') return onOpen(delivery.Id);
      const { Latitude: lat, Longitude: lng } = delivery;
      if (lat === null || lng === null) return;
      setSelection({ lat, lng, source, byKeyboard, placed, deliveries: [delivery] });
    },
    onGroup(group, source, byKeyboard) {
      if (!map) return;
      const zoom = clusters.expansionZoom(group.groupId);
      if (zoom <= map.getMaxZoom()) {
        map.setView([group.lat, group.lng], zoom);
        if (byKeyboard) map.getContainer().focus({ preventScroll: true });
        return;
      }
      const when = (delivery: MapDelivery) => `${delivery.DeliveryDate} ${delivery.Time}`;
      const deliveries = clusters
        .members(group.groupId)
        .flatMap((member) => placed.byId.get(member.id) ?? [])
        .sort((a, b) => stateRank(b.State) - stateRank(a.State) || when(a).localeCompare(when(b)));
      setSelection({ lat: group.lat, lng: group.lng, source, byKeyboard, placed, deliveries });
    },
  };
  useDeliveryMarkers(map, clusters, placed.byId, handlers, t);

  const close = () => setSelection(null);
  const [single] = shown?.deliveries ?? [];
  return (
    <>
      <div
        ref={container}
        className={classes.map}
        role="region"
        aria-label={t('DELIVERY_MAP.REGION')}
        aria-describedby={describedBy}
      />
      <MapPopup map={map} place={shown} onClose={close}>
        {shown && shown.deliveries.length === 1 && single ? (
          <DeliveryDetails delivery={single} onOpen={onOpen} onClose={close} />
        ) : (
          <GroupMembers members={shown?.deliveries ?? []} onOpen={onOpen} onClose={close} />
        )}
      </MapPopup>
    </>
  );
}
