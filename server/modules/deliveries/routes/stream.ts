import type { FastifyInstance } from 'fastify';

/** The state-change stream and the forecast-change recompute. (To be written.) */
export async function stateRoutes(_fastify: FastifyInstance) {}
