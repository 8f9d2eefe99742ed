import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * A limit per minute counted across every client address, beside a route's per-address one,
 * so that a flood spread over many addresses still meets a ceiling. Use it as the routes'
 * `preParsing` hook: it runs after the per-address check, so requests refused there do not
 * count here. Routes sharing one hook share one count.
 *
 * @example
 * const everyone = limitAcrossAddresses(app, 600, 'Too many people are signing in just now');
 * app.post('/api/auth/login', { preParsing: everyone, ... }, handler);
 */
export function limitAcrossAddresses(app: FastifyInstance, max: number, refusal: string) {
  const limit = app.createRateLimit({ max, timeWindow: '1 minute', keyGenerator: () => 'all' });
  return async (request: FastifyRequest) => {
    const state = await limit(request);
    if (state.isAllowed || !state.isExceeded) return;
    throw new AppError(
      'TooManyRequests',
      `${refusal}; try again in ${state.ttlInSeconds} seconds.`,
      [],
      {
        retryAfterSeconds: state.ttlInSeconds,
      },
    );
  };
}
