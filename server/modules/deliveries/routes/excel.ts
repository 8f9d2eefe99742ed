import type { FastifyInstance } from 'fastify';

/** `api/Excel/*`: the deliveries export and the material mismatch files. (To be written.) */
export async function excelRoutes(_fastify: FastifyInstance) {}
