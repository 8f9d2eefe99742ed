import type { ServerModule } from '../module';
import { weatherRefreshJob } from './refresh-job';
import { weatherForecastRoutes } from './routes/forecasts';

/** Weather: forecasts by site from the configured provider, refreshed by a recurring job. */
export const weatherModule: ServerModule = {
  name: 'weather',
  entityHooks: {},
  routes: weatherForecastRoutes,
  jobs: () => [weatherRefreshJob],
};
