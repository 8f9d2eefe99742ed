import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../module';
import { deliveryHooks } from './hooks';
import { deliveryRoutes } from './routes/deliveries';
import { excelRoutes } from './routes/excel';
import { stateRoutes } from './routes/stream';

/** Deliveries: the home grid's rows, their state kept true by the model and the forecast. */
export const deliveriesModule: ServerModule = {
  name: 'deliveries',
  entityHooks: { Deliveries: deliveryHooks },
  async routes(app: FastifyInstance) {
    await app.register(deliveryRoutes);
    await app.register(excelRoutes);
    await app.register(stateRoutes);
  },
};
