import type { FastifyInstance } from 'fastify';
import { unitsSyncSettings } from '#metadata';
import type { ServerModule } from '../module';
import { materialHooks, unitHooks } from './entity-hooks';
import { materialSheetRoutes } from './routes/material-sheets';
import { materialRoutes } from './routes/materials';
import { unitSyncRoutes } from './routes/unit-sync';
import { unitRoutes } from './routes/units';
import { unitSyncJob } from './unit-sync/unit-sync-job';

/** Units (plants) and materials (mixes). */
export const catalogueModule: ServerModule = {
  name: 'catalogue',
  settings: { sections: [unitsSyncSettings] },
  entityHooks: { Units: unitHooks, Materials: materialHooks },
  async routes(app: FastifyInstance) {
    await app.register(unitRoutes);
    await app.register(materialRoutes);
    await app.register(unitSyncRoutes);
    await app.register(materialSheetRoutes);
  },
  jobs: (app) => [unitSyncJob(app)],
};
