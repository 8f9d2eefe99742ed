import Fastify, {
  type FastifyInstance,
  type onRequestHookHandler,
  type preValidationHookHandler,
} from 'fastify';
import { describe, expect, it } from 'vitest';
import { addRouteOnRequest, addRoutePreValidation } from '../../server/plugins/route-hooks';

/** A server whose hooks write their names into `calls`, the handler last. */
async function serverCalling(calls: string[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const onRequest =
    (name: string): onRequestHookHandler =>
    (_request, _reply, done) => {
      calls.push(name);
      done();
    };
  const preValidation =
    (name: string): preValidationHookHandler =>
    (_request, _reply, done) => {
      calls.push(name);
      done();
    };
  app.addHook('onRequest', onRequest('app-wide'));
  app.addHook('onRoute', (route) => {
    if (route.url === '/checked') addRouteOnRequest(route, onRequest('first plugin'));
  });
  app.addHook('onRoute', (route) => {
    if (route.url === '/checked') {
      addRouteOnRequest(route, onRequest('second plugin'));
      addRoutePreValidation(route, preValidation('second plugin, preValidation'));
    }
  });
  app.get(
    '/checked',
    {
      onRequest: onRequest('route'),
      preValidation: [preValidation('route, preValidation')],
    },
    async () => {
      calls.push('handler');
      return 'ok';
    },
  );
  app.get('/plain', async () => {
    calls.push('handler');
    return 'ok';
  });
  return app;
}

describe('hooks given to some routes only', () => {
  it('run where app-wide hooks would: after them, in plugin order, before the route’s own', async () => {
    const calls: string[] = [];
    const app = await serverCalling(calls);
    expect((await app.inject({ method: 'GET', url: '/checked' })).statusCode).toBe(200);
    expect(calls).toEqual([
      'app-wide',
      'first plugin',
      'second plugin',
      'route',
      'second plugin, preValidation',
      'route, preValidation',
      'handler',
    ]);
  });

  it('run once for the HEAD twin of a GET, and never for the other routes', async () => {
    const calls: string[] = [];
    const app = await serverCalling(calls);
    await app.inject({ method: 'HEAD', url: '/checked' });
    expect(calls.filter((call) => call === 'first plugin')).toHaveLength(1);
    calls.length = 0;
    await app.inject({ method: 'GET', url: '/plain' });
    expect(calls).toEqual(['app-wide', 'handler']);
  });
});
