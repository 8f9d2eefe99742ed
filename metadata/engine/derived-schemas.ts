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

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode } & Record<
  string,
  unknown
>;

/** `save` with the properties only `answer` has, here and in the objects both describe. */
function withAnswered(save: SchemaNode, answer: SchemaNode): SchemaNode {
  if (save.items && answer.items) return { ...save, items: withAnswered(save.items, answer.items) };
  if (!save.properties || !answer.properties) return save;
  const properties: Record<string, SchemaNode> = { ...answer.properties };
  for (const [field, property] of Object.entries(save.properties)) {
    const answered = answer.properties[field];
    properties[field] = answered ? withAnswered(property, answered) : property;
  }
  return { ...save, properties };
}

/**
 * A save body that takes back what its read answered: the answer's fields the save does not
 * write (`IsSystem`, a row count, a column's computed `Sortable`) are accepted as the answer
 * types them, for the server to ignore, or to refuse where a value contradicts the row; a
 * field neither answered nor written is still refused. The type stays the save's: what the
 * server writes.
 *
 * @example acceptingAnswer(gridPageSaveSchema, gridPageSchema) // PUT api/grids takes GET's answer
 */
export function acceptingAnswer<const Save extends { readonly properties: object }>(
  save: Save,
  answer: { readonly properties: object },
): Save {
  return withAnswered(
    save as unknown as SchemaNode,
    answer as unknown as SchemaNode,
  ) as unknown as Save;
}
