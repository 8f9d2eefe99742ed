import type { FastifyInstance } from 'fastify';
import { databaseRetryAfterSeconds } from '../db/unavailable';
import type { DatabaseHandle } from '../db/connect';

const partState = { type: 'string', enum: ['up', 'down'] } as const;
const healthBody = {
  type: 'object',
  required: ['status', 'Database', 'Notifications'],
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded', 'unavailable'] },
    /** Whether the database answers. */
    Database: partState,
    /**
     * Whether this instance hears the others' live updates (LISTEN on PostgreSQL); `not used`
     * on the embedded database, where there are no others.
     */
    Notifications: { type: 'string', enum: ['up', 'down', 'not used'] },
    Message: { type: 'string' },
  },
} as const;

function notificationsOf(database: DatabaseHandle): 'up' | 'down' | 'not used' {
  if (!database.listening) return 'not used';
  return Object.values(database.listening()).every(Boolean) ? 'up' : 'down';
}

/**
 * Liveness for load balancers and the start-up check, saying which part is down: 200 while the
 * database answers (`degraded` when live updates from other instances are interrupted), 503
 * with `Retry-After` while it does not.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      config: { permission: 'everybody' },
      logLevel: 'warn',
      schema: { response: { 200: healthBody, 503: healthBody } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await app.database.ping();
      } catch (error) {
        const Notifications = notificationsOf(app.database);
        request.log.warn({ err: error }, 'health check: database unavailable');
        reply.header('Retry-After', databaseRetryAfterSeconds);
        return reply.status(503).send({
          status: 'unavailable',
          Database: 'down',
          Notifications,
          Message: 'The database is not answering.',
        });
      }
      const Notifications = notificationsOf(app.database);
      if (Notifications === 'down') {
        return {
          status: 'degraded',
          Database: 'up',
          Notifications,
          Message: 'Live updates from other instances are interrupted; reconnecting.',
        };
      }
      return { status: 'ok', Database: 'up', Notifications };
    },
  );
}
