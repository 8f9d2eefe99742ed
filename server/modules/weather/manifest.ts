import { weatherSettingsSection } from '#metadata';
import type { ServerModule } from '../module';
import { weatherSitesSeed } from './reference-seed';
import { weatherRefreshJob } from './refresh-job';
import { weatherForecastRoutes } from './routes/forecasts';

/** Weather: forecasts by site from the configured provider, refreshed by a recurring job. */
export const weatherModule: ServerModule = {
  name: 'weather',
  settings: { sections: [weatherSettingsSection] },
  entityHooks: {},
  routes: weatherForecastRoutes,
  referenceSeed: weatherSitesSeed,
  jobs: () => [weatherRefreshJob],
};
