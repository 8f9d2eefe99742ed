import { Ajv, type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { validatorOnFirstUse } from './compile-on-first-use';

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

/**
 * Fastify's validation, with one change: a request body is validated as it was sent, never
 * coerced (`Name: 12345` is not a text, `"50"` is not a number), while the path, query string
 * and headers, which are text by nature, are still coerced to the types their schemas name.
 * Both Ajv instances carry ajv-formats and the schemas shared with `app.addSchema`; one pair
 * serves every plugin context with the same shared schemas, as Fastify's own compiler pools.
 * Each validator is compiled on its first use (see validatorOnFirstUse).
 */
export function bodyAsSentValidators(): ValidatorFactory {
  const pool = new Map<string, FastifySchemaCompiler<AnySchema>>();
  const build = (externalSchemas: Record<string, AnySchema> = {}) => {
    const key = JSON.stringify(externalSchemas);
    const pooled = pool.get(key);
    if (pooled) return pooled;
    const ajvOf = (coerceTypes: false | 'array') => {
      const ajv = new Ajv({
        allErrors: true,
        coerceTypes,
        removeAdditional: false,
        useDefaults: true,
        addUsedSchema: false,
      });
      addFormats(ajv);
      for (const schema of Object.values(externalSchemas)) ajv.addSchema(schema);
      return ajv;
    };
    const asSent = ajvOf(false);
    const coerced = ajvOf('array');
    const compile: FastifySchemaCompiler<AnySchema> = ({ schema, httpPart }) => {
      const ajv = httpPart === 'body' ? asSent : coerced;
      const id = typeof schema === 'object' ? (schema as { $id?: unknown }).$id : undefined;
      return validatorOnFirstUse(
        // Ajv compiles a schema with an $id once per instance.
        () => (typeof id === 'string' ? ajv.getSchema(id) : undefined) ?? ajv.compile(schema),
      );
    };
    pool.set(key, compile);
    return compile;
  };
  return build as unknown as ValidatorFactory;
}
