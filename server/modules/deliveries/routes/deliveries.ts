import type { FastifyInstance } from 'fastify';

/** `odata/DeliveriesOData/*` and `api/Deliveries/*`. (To be written.) */
export async function deliveryRoutes(_fastify: FastifyInstance) {}
