import type { JsonSchema } from './definitions';

/**
 * The schemas of the spec's calls, derived from an entity's one schema (never written twice):
 * the answer of a read (`viewSchema`) and the body of a save (`saveRequestSchema`).
 */

type PropertiesOf<Schema> = Schema extends { readonly properties: infer P } ? P : never;
type FieldOf<Schema> = keyof PropertiesOf<Schema> & string;

const maxRowId = 2_147_483_647;
const keyProperty = { type: 'integer', minimum: 0, maximum: maxRowId } as const;
const versionProperty = { type: 'integer', minimum: 1, maximum: maxRowId } as const;

/** A field's schema without its default: a save must not fill in what the caller left out, nor
 * an answer what a `$select` left out. */
function withoutDefault(property: JsonSchema | undefined): JsonSchema | undefined {
  if (!property || !('default' in property)) return property;
  const { default: _omitted, ...rest } = property;
  return rest;
}

function pick(schema: { readonly properties: object }, fields: readonly string[]) {
  const properties = schema.properties as Record<string, JsonSchema>;
  return Object.fromEntries(fields.map((field) => [field, withoutDefault(properties[field])]));
}

/**
 * An answer holding these fields of the entity's rows, every one present, nothing else.
 *
 * @example viewSchema(companyEntity.schema, ['Id', 'CompanyName', 'UsersNum', 'Version'])
 */
export function viewSchema<
  const Schema extends { readonly properties: object },
  const Field extends FieldOf<Schema>,
>(schema: Schema, fields: readonly Field[]) {
  return {
    type: 'object',
    additionalProperties: false,
    required: [...fields],
    properties: pick(schema, fields),
  } as unknown as {
    type: 'object';
    additionalProperties: false;
    required: Field[];
    properties: Pick<PropertiesOf<Schema>, Field>;
  };
}

/**
 * The body of a save call: `Id` (0 or absent creates), the `Version` read (an update needs it),
 * and these writable fields, none required and none defaulted here: the engine merges them
 * over the stored row, then checks the whole row against the entity's schema.
 *
 * @example saveRequestSchema(companyEntity.schema, ['CompanyName', 'IsParameterised', 'Contacts'])
 */
export function saveRequestSchema<
  const Schema extends { readonly properties: object },
  const Field extends FieldOf<Schema>,
>(schema: Schema, fields: readonly Field[]) {
  return {
    type: 'object',
    properties: { Id: keyProperty, ...pick(schema, fields), Version: versionProperty },
  } as unknown as {
    type: 'object';
    properties: { Id: typeof keyProperty; Version: typeof versionProperty } & Pick<
      PropertiesOf<Schema>,
      Field
    >;
  };
}
