import type { ServerModule } from '../module';
import { mapRoutes } from './routes/map';
import { weatherPlacesRoutes } from './routes/places';

/** Places: postcodes and grid references, the nearest weather sites, the map tiles. */
export const placesModule: ServerModule = {
  name: 'places',
  entityHooks: {},
  async routes(app, { config }) {
    await app.register(weatherPlacesRoutes);
    await app.register(mapRoutes, { config });
  },
};
