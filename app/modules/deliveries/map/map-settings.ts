import { useEffect, useState } from 'react';
import { mapSettingsPath, type MapSettings } from '#metadata';
import { http } from '#platform/ui';

const noTiles: MapSettings = { TileUrl: null, Attribution: null };
let settings: Promise<MapSettings> | null = null;

/**
 * The map's server settings, asked for once per page; a failure means no tiles (the outline
 * still draws) and is asked again next time.
 */
export function loadMapSettings(): Promise<MapSettings> {
  settings ??= http.get<MapSettings>(mapSettingsPath, { errorHandling: 'none' }).catch(() => {
    settings = null;
    return noTiles;
  });
  return settings;
}

/** Forgets the settings read, so the next map asks again (tests, a new session). */
export function forgetMapSettings(): void {
  settings = null;
}

/** The map settings once read; null until then. */
export function useMapSettings(): MapSettings | null {
  const [value, setValue] = useState<MapSettings | null>(null);
  useEffect(() => {
    let live = true;
    void loadMapSettings().then((answer) => {
      if (live) setValue(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return value;
}
