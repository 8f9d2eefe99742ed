import type { FastifyInstance } from 'fastify';
import { languageEntity } from '#metadata';
import type { ServerModule } from '../module';
import { languageRoutes } from './routes/languages';
import { translationRoutes } from './routes/translations';

/** Languages (an engine entity keyed by code), their translations and CSV files. */
export const languagesModule: ServerModule = {
  name: 'languages',
  // Listed by the engine as it is; rows are written only through this module's calls.
  entityHooks: { [languageEntity.name]: {} },
  async routes(app: FastifyInstance) {
    await app.register(languageRoutes);
    await app.register(translationRoutes);
  },
};
