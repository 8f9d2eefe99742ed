import type { ServerModule } from '../module';
import { weatherRefreshJob } from './refresh-job';

/** Weather: the forecast refresh job (its routes and services move here next). */
export const weatherModule: ServerModule = {
  name: 'weather',
  entityHooks: {},
  jobs: () => [weatherRefreshJob],
};
