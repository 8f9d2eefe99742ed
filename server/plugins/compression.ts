import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';
import { isApiRoute } from './api-paths';

/**
 * Answers compressed for clients that accept it: JSON, text, CSV and XML of 1 KB or more
 * (a translation file: 190 KB as JSON, about 40 KB in brotli). The event stream of live
 * states is never compressed (it would be held back until a block fills), nor is what is
 * already compressed: the built app's files are sent as their stored .br/.gz copies.
 *
 * Brotli at quality 4: near gzip's speed with a smaller result; the default (11) is meant for
 * files compressed once, not for every answer.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Only the API's answers: the built app's files are served by their own rules (stored
    // copies, and files too small to gain sent as they are).
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url) && route.compress === undefined) route.compress = false;
    });
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip', 'deflate'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
