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

/** What `limitAcrossAddresses` counts against, and which requests it lets by uncounted. */
export interface AcrossAddressesLimit {
  /** Requests a minute from every address together; a function is asked at each request. */
  max: number | (() => number);
  /** The start of the refusal's message; the wait is added. */
  refusal: string;
  /** Requests let by without being counted (a trusted device signing in again). */
  exempt?: (request: FastifyRequest) => boolean;
}

/**
 * A limit per minute counted across every client address, beside a route's per-address one,
 * so that a flood spread over many addresses still meets a ceiling. Use it as the routes'
 * `preHandler` hook: it runs after the per-address check, so requests refused there do not
 * count here, and after the body is parsed, so `exempt` may read it. Routes sharing one hook
 * share one count.
 *
 * @example
 * const everyone = limitAcrossAddresses(app, { max: 600, refusal: 'Too many people are signing in just now' });
 * app.post('/api/auth/login', { preHandler: everyone, ... }, handler);
 */
export function limitAcrossAddresses(
  app: FastifyInstance,
  { max, refusal, exempt }: AcrossAddressesLimit,
) {
  const limit = app.createRateLimit({
    max: typeof max === 'number' ? max : () => max(),
    timeWindow: '1 minute',
    keyGenerator: () => 'all',
  });
  return async (request: FastifyRequest) => {
    if (exempt?.(request)) return;
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
