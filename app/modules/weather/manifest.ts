import { lazy } from 'react';
import { weatherSettingsSection } from '#metadata';
import type { ModuleManifest } from '#platform/ui';

// Loaded on demand: the charts stay out of the bundle of the sign-in page.
const WeatherSearchPage = lazy(() =>
  import('./weather-search-page').then((page) => ({ default: page.WeatherSearchPage })),
);

/** The weather forecast search: nearest forecast sites to a postcode or the device, and forecasts. */
export const weatherManifest: ModuleManifest = {
  name: 'weather',
  screens: { weathersearch: WeatherSearchPage },
  settingsSections: [{ section: weatherSettingsSection, order: 90 }],
};
