import type { FastifyInstance } from 'fastify';

/** Users, roles, groups, companies and permissions: the administration calls for people. */
export async function peopleRoutes(_app: FastifyInstance) {}
