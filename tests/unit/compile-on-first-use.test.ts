import { Ajv } from 'ajv';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  serializersOnFirstUse,
  validatorOnFirstUse,
} from '../../server/plugins/compile-on-first-use';

describe('schemas compiled on first use', () => {
  it('compile a validator once, on its first call, and pass on its reasons', () => {
    const ajv = new Ajv();
    let compiled = 0;
    const validate = validatorOnFirstUse(() => {
      compiled += 1;
      return ajv.compile({ type: 'object', required: ['Name'] });
    });
    expect(compiled).toBe(0);
    expect(validate({})).toBe(false);
    expect(validate.errors?.[0]?.params).toEqual({ missingProperty: 'Name' });
    expect(validate({ Name: 'x' })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compiled).toBe(1);
  });

  it('serialize as Fastify does: fields the response schema does not list never leave', async () => {
    const app = Fastify({
      logger: false,
      schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse() } },
    });
    const response = { 200: { type: 'object', properties: { Name: { type: 'string' } } } };
    app.get('/user', { schema: { response } }, async () => ({ Name: 'Ann', Hash: 'secret' }));
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.json()).toEqual({ Name: 'Ann' });
  });
});
