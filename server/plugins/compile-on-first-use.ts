import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildSerializer'];

/** A validator as Fastify calls it: true or false, with Ajv's reasons for the last false. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * A validator compiled on its first call rather than at start-up. Fastify compiles every
 * route's schemas before it listens: for our few hundred routes (HEAD twins included) that was
 * about 0.8 s of CPU of every start here, spent mostly on routes no one calls before long. A
 * schema Ajv refuses now fails its route's first call instead of the start; the route
 * contract test calls every route, so it still fails the tests.
 */
export function validatorOnFirstUse(compile: () => ValidateFunction): Validator {
  let compiled: ValidateFunction | undefined;
  const validate: Validator = (data) => {
    compiled ??= compile();
    const result = compiled(data);
    validate.errors = compiled.errors;
    return result;
  };
  return validate;
}

/**
 * Fastify's own response serializers (fast-json-stringify, from each route's response
 * schemas: unlisted fields never leave), each compiled on its first answer rather than at
 * start-up (see validatorOnFirstUse).
 */
export function serializersOnFirstUse(): SerializerFactory {
  const fastifyDefault = SerializerSelector();
  return (externalSchemas, options) => {
    const compileNow = fastifyDefault(externalSchemas, options);
    return (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compileNow(route))(data);
    };
  };
}
