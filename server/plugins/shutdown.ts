import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once closing starts, every response asks the client to close its connection, so a
 * keep-alive connection that carried a request in flight does not hold the shutdown open.
 * (New requests already get 503 from Fastify's return503OnClosing.)
 */
export const shutdownPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('Connection', 'close');
      done(null, payload);
    });
  },
  { name: 'shutdown' },
);
