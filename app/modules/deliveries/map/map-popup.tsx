import { popup, type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import classes from './delivery-map.module.css';

export interface PopupPlace {
  lat: number;
  lng: number;
  /** The marker it belongs to: focus goes back there when it closes after keyboard use. */
  source: HTMLElement;
  byKeyboard: boolean;
}

export interface MapPopupProps {
  map: LeafletMap | null;
  /** Where the popup is open; null: closed. */
  place: PopupPlace | null;
  onClose(): void;
  children: ReactNode;
}

/**
 * A Leaflet popup whose content React renders (through a portal into Leaflet's node, so it
 * keeps the app's theme and translations). Opened by keyboard, it takes the focus, and gives
 * it back to its marker when it closes (Escape, or its close button).
 */
export function MapPopup({ map, place, onClose, children }: MapPopupProps) {
  const [node] = useState(() => document.createElement('div'));
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!map || !place) return;
    const opened = popup({
      closeButton: false,
      minWidth: 220,
      maxWidth: 320,
      autoPanPadding: [24, 24],
      offset: [0, -8],
      className: classes.popup,
    })
      .setLatLng([place.lat, place.lng])
      .setContent(node)
      .openOn(map);
    const closed = () => onCloseRef.current();
    opened.on('remove', closed);
    // Leaflet handles Escape only while the map itself has the focus.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      closed();
    };
    node.addEventListener('keydown', escape);
    if (place.byKeyboard) {
      node.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    return () => {
      opened.off('remove', closed);
      node.removeEventListener('keydown', escape);
      opened.remove();
      const active = document.activeElement;
      const focusLost = active === null || active === document.body || node.contains(active);
      if (place.byKeyboard && focusLost && place.source.isConnected) place.source.focus();
    };
  }, [map, place, node]);

  return place ? createPortal(children, node) : null;
}
