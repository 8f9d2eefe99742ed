import type { ColumnType, JsonSchema } from '#metadata';

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ anyOf: [X, { type: 'null' }] }` as X (a nullable field is shown as its type). */
function withoutNullBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return schema;
  const others = branches.filter((branch) => !(isSchema(branch) && branch.type === 'null'));
  return others.length === 1 && isSchema(others[0]) ? others[0] : schema;
}

/**
 * The column types that can show a field of this schema: a text as `string`, a `date` or
 * `date-time` text as `date` or `datetime`, an integer as `integer` or `number`, a number as
 * `number`, a boolean as `boolean`, an array (roles, a user table's Array field) as `list`.
 * An object, or a field of no single type, cannot be a column (none).
 */
export function columnTypesOf(property: JsonSchema): ColumnType[] {
  const schema = withoutNullBranch(property);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type) => type !== 'null' && type !== undefined,
  );
  if (types.length !== 1) return [];
  switch (types[0]) {
    case 'string':
      if (schema.format === 'date') return ['date'];
      if (schema.format === 'date-time') return ['datetime'];
      return ['string'];
    case 'integer':
      return ['integer', 'number'];
    case 'number':
      return ['number'];
    case 'boolean':
      return ['boolean'];
    case 'array':
      return ['list'];
    default:
      return [];
  }
}
