import type { FastifyInstance } from 'fastify';
import { changeLogRoutes } from './change-logs';
import { checkRoutes } from './check';
import { dataRoutes } from './data';
import { gridRoutes } from './grids';
import { listRoutes } from './lists';
import { materialRoutes } from './materials';
import { unitRoutes } from './units';

/** The metadata engine's calls: generic lists, grid pages, unique checks, units, materials, audit. */
export async function engineRoutes(app: FastifyInstance) {
  await app.register(listRoutes);
  await app.register(gridRoutes);
  await app.register(dataRoutes);
  await app.register(checkRoutes);
  await app.register(changeLogRoutes);
  await app.register(unitRoutes);
  await app.register(materialRoutes);
}
