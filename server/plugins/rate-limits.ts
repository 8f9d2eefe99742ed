import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

/**
 * Per-route request limits (a route opts in with `config: { rateLimit: { max, timeWindow } }`),
 * counted per client address. Counters live in each instance's memory: with several
 * instances the effective limit is a multiple, which is acceptable for abuse protection.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'TooManyRequests',
          `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  },
  { name: 'rate-limits' },
);
