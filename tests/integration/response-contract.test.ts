import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteShorthandOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitEntity } from '#metadata';
import { responseContractPlugin } from '../../server/plugins/response-contract';
import { apiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

const everybody = { permission: 'everybody' };

/** A bare Fastify with the plugin, OpenAPI and one route; ready, or the start-up error. */
async function startWith(url: string, options: RouteShorthandOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(responseContractPlugin);
  await app.register(swagger, { openapi: { info: { title: 'test', version: '1' } } });
  await app.register(async (routes) => {
    routes.get(url, options, async (_request, reply) =>
      typeof options.config?.streams === 'string'
        ? reply.type(options.config.streams).send('Id,Name\n1,A\n')
        : {},
    );
  });
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

describe('the response contract plugin', () => {
  it('refuses to start when an API route declares no schema for its 2xx answers', async () => {
    await expect(startWith('/api/things', { config: everybody })).rejects.toThrow(
      'Route GET /api/things declares no response schema for its 2xx answers',
    );
    await expect(
      startWith('/odata/ThingsOData', {
        config: everybody,
        schema: { response: { 404: { type: 'object' } } },
      }),
    ).rejects.toThrow('Route GET /odata/ThingsOData declares no response schema');
    await expect(startWith('/health', { config: everybody })).rejects.toThrow(
      'Route GET /health declares no response schema',
    );
  });

  it.each(['200', '201', '204', '2xx'])('accepts a %s response schema', async (code) => {
    const app = await startWith('/api/things', {
      config: everybody,
      schema: { response: { [code]: code === '204' ? { type: 'null' } : { type: 'object' } } },
    });
    await app.close();
  });

  it('accepts a route that streams a file, and documents it as that download', async () => {
    const app = await startWith('/api/things/export', {
      config: { ...everybody, streams: 'text/csv' },
    });
    const res = await app.inject({ method: 'GET', url: '/api/things/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe('Id,Name\n1,A\n');
    const operation = app.swagger().paths?.['/api/things/export']?.get;
    expect(operation?.responses['200']).toMatchObject({
      content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
    });
    await app.close();
  });

  it('does not check routes outside the API', async () => {
    const app = await startWith('/about', {});
    expect((await app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
    await app.close();
  });
});

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('every operation of the API documents its 2xx answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('has a 2xx response with content in the OpenAPI document, save 204s and downloads', async () => {
    const res = await apiClient(t).get('admin', '/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(50);
    const undocumented = operations.filter(({ operation }) => {
      const success = Object.entries(operation.responses ?? {}).filter(([code]) =>
        /^2(\d\d|xx)$/i.test(code),
      );
      return !success.some(([code, response]) => {
        if (code === '204') return response.content === undefined;
        const media = Object.entries(response.content ?? {});
        return (
          media.length > 0 &&
          media.every(([type, { schema }]) =>
            type === 'application/json' ? schema !== undefined : !/json/i.test(type),
          )
        );
      });
    });
    expect(undocumented.map(({ path, method }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  it('answers a 204 with no body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('passes every field of a data source row through the generic calls', async () => {
    const client = apiClient(t);
    const list = await client.get('admin', `/odata/${unitEntity.name}OData?$count=true&$top=1`);
    expect(list.statusCode).toBe(200);
    const page = list.json<{ '@odata.count': number; value: Record<string, unknown>[] }>();
    expect(page['@odata.count']).toBeGreaterThan(0);
    expect(Object.keys(page.value[0] ?? {}).sort()).toEqual([
      'Active',
      'Code',
      'Id',
      'Latitude',
      'Longitude',
      'Name',
      'Postcode',
      'Version',
    ]);
    const id = page.value[0]?.Id;
    const row = await client.get('admin', `/api/dataSources/${unitEntity.id}/data/${String(id)}`);
    expect(row.json()).toEqual(page.value[0]);
  });
});
