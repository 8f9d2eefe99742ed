import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../server/plugins/errors';

/**
 * A statement that meets a data source a designer changed under it (another instance dropped a
 * column between the request's read of the definition and its statement) is answered 409 with
 * what to do, never as a server fault; any other database error stays a 500.
 */
async function answerTo(error: object) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/boom', async () => {
    throw Object.assign(new Error(String((error as { message?: string }).message ?? 'x')), error);
  });
  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: response.statusCode, body: response.json<{ Message: string }>() };
}

describe('a data source changed under a request', () => {
  it.each([
    { code: '42703', message: 'column "note" does not exist' },
    { code: '42P01', message: 'relation "t12" does not exist' },
    { code: '0A000', message: 'cached plan must not change result type' },
  ])('answers $code with 409 and what to do', async (error) => {
    expect(await answerTo(error)).toEqual({
      status: 409,
      body: { Message: 'The data source changed meanwhile. Reload it and try again.' },
    });
  });

  it('leaves other database errors as server faults', async () => {
    const { status, body } = await answerTo({ code: '0A000', message: 'something else' });
    expect(status).toBe(500);
    expect(body.Message).toBe('An error has occurred.');
    expect((await answerTo({ code: '42601', message: 'syntax error' })).status).toBe(500);
  });
});
