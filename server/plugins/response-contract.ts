import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute } from './api-paths';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The content type of the file a route streams (a spreadsheet, a CSV) instead of answering
     * JSON, e.g. `'text/csv'`, or the types it may stream (a spreadsheet or a CSV, as asked):
     * it stands for the 2xx response schema.
     */
    streams?: string | readonly string[];
  }
}

type RouteContract = Pick<RouteOptions, 'url' | 'schema' | 'config'>;

const successCode = /^(2\d\d|2xx)$/i;

function hasSuccessSchema(route: RouteContract): boolean {
  const response = route.schema?.response;
  if (typeof response !== 'object' || response === null) return false;
  return Object.keys(response).some((code) => successCode.test(code));
}

/** The file a streaming route answers, as OpenAPI describes a download (in one of its types). */
function streamedFile(contentTypes: string | readonly string[]) {
  const types: readonly string[] = typeof contentTypes === 'string' ? [contentTypes] : contentTypes;
  const file = { schema: { type: 'string', format: 'binary' } };
  return {
    description: 'The file',
    content: Object.fromEntries(types.map((type) => [type, file])),
  };
}

/**
 * Every API route declares what its 2xx answers hold, or the server refuses to start: the
 * schema is both the OpenAPI contract and the serializer that keeps unlisted fields from
 * leaking. A route that streams a file names its content type (`config.streams`) instead,
 * and is documented as that download. The HEAD route Fastify adds for a GET carries the GET's
 * schema and config, so it passes or fails with it.
 */
export const responseContractPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!isApiRoute(route.url) || hasSuccessSchema(route)) return;
      const streams = route.config?.streams;
      if (!streams) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} declares no response schema for its 2xx answers`,
        );
      }
      const response = (route.schema?.response ?? {}) as Record<string, unknown>;
      route.schema = { ...route.schema, response: { ...response, 200: streamedFile(streams) } };
    });
  },
  { name: 'response-contract' },
);
