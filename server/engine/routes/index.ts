import type { FastifyInstance } from 'fastify';
import { accessRuleRoutes } from './access-rules';
import { checkRoutes } from './check';
import { dataRoutes } from './data';
import { dataSourceSnapshotRoutes } from './data-source-snapshots';
import { dataSourceRoutes } from './data-sources';
import { gridRowRoutes } from './grid-rows';
import { gridRoutes } from './grids';
import { listRoutes } from './lists';

/**
 * The engine's generic calls, naming no entity: lists, grid pages, rows of any data source,
 * value lists and unique checks. The modules serve the spec's own calls.
 */
export async function engineRoutes(app: FastifyInstance) {
  await app.register(listRoutes);
  await app.register(gridRoutes);
  await app.register(gridRowRoutes);
  await app.register(dataRoutes);
  await app.register(dataSourceRoutes);
  await app.register(dataSourceSnapshotRoutes);
  await app.register(accessRuleRoutes);
  await app.register(checkRoutes);
}
