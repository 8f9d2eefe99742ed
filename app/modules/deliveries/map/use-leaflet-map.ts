import 'leaflet/dist/leaflet.css';
import {
  control,
  geoJSON,
  map as createMap,
  tileLayer,
  type GeoJSON as GeoJsonLayer,
  type Map as LeafletMap,
} from 'leaflet';
import { useEffect, useState, type RefObject } from 'react';
import type { MapSettings } from '#metadata';
import type { Box } from './map-clusters';
import { ukExtent } from './map-delivery';
// Natural Earth 1:10m admin-0 countries (public domain), from the world-atlas 2.0.2 package
// (TopoJSON): the UK, Ireland, the Isle of Man and the Channel Islands, simplified with
// topojson-simplify to about 2,400 points (weight 0.0005 square degrees, islands under 0.01
// dropped), coordinates rounded to 0.001 degree; converted once outside the repository.
import outline from './uk-outline.json';

/** Zoom limits: the outline alone carries no detail beyond 13; tiles usually go to 18. */
export const outlineMaxZoom = 13;
export const tilesMaxZoom = 18;

export interface MapTexts {
  zoomIn: string;
  zoomOut: string;
  outlineCredit: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A Leaflet box from west, south, east, north. */
export const latLngBox = (box: Box): [[number, number], [number, number]] => [
  [box[1], box[0]],
  [box[3], box[2]],
];

/**
 * A Leaflet map in `container`: the sea (the container's background), the land outline that
 * ships with the app, and the configured tile server above it when there is one.
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  settings: MapSettings | null,
  texts: MapTexts,
): LeafletMap | null {
  const [map, setMap] = useState<LeafletMap | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = createMap(element, {
      zoomControl: false,
      minZoom: 4,
      maxZoom: outlineMaxZoom,
      // Quarter steps, so that fitting the deliveries fills the frame; the buttons and keys
      // still zoom by whole steps.
      zoomSnap: 0.25,
      maxBounds: [
        [40, -30],
        [68, 20],
      ],
      maxBoundsViscosity: 0.7,
    });
    instance.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    instance.createPane('outline').style.zIndex = '150';
    const land: GeoJsonLayer = geoJSON(outline as Parameters<typeof geoJSON>[0], {
      pane: 'outline',
      interactive: false,
      style: { color: '#8f8878', weight: 1, fillColor: '#f7f4ec', fillOpacity: 1 },
    });
    land.addTo(instance);
    instance.fitBounds(latLngBox(ukExtent), { animate: false });
    const resize = new ResizeObserver(() => instance.invalidateSize({ pan: false }));
    resize.observe(element);
    setMap(instance);
    return () => {
      resize.disconnect();
      instance.remove();
      setMap(null);
    };
  }, [container]);

  const { zoomIn, zoomOut, outlineCredit } = texts;
  useEffect(() => {
    if (!map) return;
    const zoom = control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
    const credit = escapeHtml(outlineCredit);
    map.attributionControl.addAttribution(credit);
    return () => {
      zoom.remove();
      map.attributionControl.removeAttribution(credit);
    };
  }, [map, zoomIn, zoomOut, outlineCredit]);

  const tileUrl = settings?.TileUrl ?? null;
  const attribution = settings?.Attribution ?? null;
  useEffect(() => {
    if (!map || !tileUrl) return;
    const tiles = tileLayer(tileUrl, {
      maxZoom: tilesMaxZoom,
      attribution: attribution ? escapeHtml(attribution) : undefined,
    }).addTo(map);
    map.setMaxZoom(tilesMaxZoom);
    return () => {
      tiles.remove();
      map.setMaxZoom(outlineMaxZoom);
    };
  }, [map, tileUrl, attribution]);

  return map;
}
