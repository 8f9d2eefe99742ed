import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EntityHookRegistry } from '../engine/entity-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hooks of every entity the engine serves (see server/modules). */
    entityHooks: EntityHookRegistry;
  }
}

/** Makes the modules' entity hooks available to every route that uses the engine. */
export const enginePlugin = fp<{ hooks: EntityHookRegistry }>(
  async (app: FastifyInstance, { hooks }) => {
    app.decorate('entityHooks', hooks);
  },
  { name: 'engine' },
);
