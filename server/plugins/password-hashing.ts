import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/config';
import { createHashQueue, type HashQueue } from '../security/hash-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every slow password hash of this server, taken in turns (sign-in, registration, resets). */
    hashing: HashQueue;
  }
}

/** One bounded hashing queue per server, shared by every call that hashes a password. */
export const passwordHashingPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, { config }) => {
    app.decorate(
      'hashing',
      createHashQueue({
        concurrency: config.authHashConcurrency,
        maxWaiting: config.authHashQueue,
      }),
    );
  },
  { name: 'password-hashing' },
);
