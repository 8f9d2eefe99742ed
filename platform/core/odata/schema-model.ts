import type { JsonSchema } from '#metadata';
import type { ODataCollection, ODataField, ODataFieldType, ODataModel } from './model';

export interface SchemaModelOptions {
  /** Fields that cannot be sorted by. */
  notSortable?: readonly string[];
  /** Fields that cannot be filtered by; `Roles/Name` for a field of a collection's items. */
  notFilterable?: readonly string[];
  /** Only these fields and collections are queryable. */
  only?: readonly string[];
}

type Shape =
  | { kind: 'scalar'; type: ODataFieldType; nullable: boolean }
  | { kind: 'array'; items: JsonSchema };

const scalarTypes = ['string', 'integer', 'number', 'boolean'];

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ anyOf: [X, { type: 'null' }] }` as X, nullable. */
function withoutNullBranch(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches)) return { schema, nullable: false };
  const others = branches.filter((branch) => !(isSchema(branch) && branch.type === 'null'));
  if (others.length !== 1 || !isSchema(others[0])) return { schema, nullable: false };
  return { schema: others[0], nullable: others.length < branches.length };
}

function shapeOf(property: JsonSchema): Shape | null {
  const { schema, nullable: nullBranch } = withoutNullBranch(property);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const named = types.filter((type) => type !== 'null');
  const nullable = nullBranch || named.length < types.length;
  if (named.length !== 1) return null;
  const [type] = named;
  if (type === 'array')
    return isSchema(schema.items) ? { kind: 'array', items: schema.items } : null;
  if (typeof type !== 'string' || !scalarTypes.includes(type)) return null;
  if (type === 'string' && schema.format === 'date')
    return { kind: 'scalar', type: 'date', nullable };
  if (type === 'string' && schema.format === 'date-time')
    return { kind: 'scalar', type: 'datetime', nullable };
  return { kind: 'scalar', type: type as ODataFieldType, nullable };
}

function properties(schema: JsonSchema): [string, JsonSchema][] {
  const { properties: props } = schema;
  if (!isSchema(props)) return [];
  return Object.entries(props).filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]));
}

function collectionOf(
  items: JsonSchema,
  path: string,
  notFilterable: readonly string[],
): ODataCollection | null {
  const fields: Record<string, ODataField> = {};
  for (const [name, property] of properties(items)) {
    const shape = shapeOf(property);
    if (shape?.kind !== 'scalar') continue;
    const filterable = !notFilterable.includes(`${path}/${name}`);
    fields[name] = { type: shape.type, nullable: shape.nullable, sortable: false, filterable };
  }
  return Object.keys(fields).length > 0 ? { fields } : null;
}

/**
 * The OData model of an entity's row schema: scalar properties become fields (`format:
 * 'date'` a date, `'date-time'` a datetime, a `null` type or branch makes them nullable),
 * arrays of objects become collections of their items' scalar fields, anything else is not
 * queryable. Everything sorts and filters unless the options say otherwise.
 *
 * @example modelFromSchema(userSchema, { notSortable: ['FullName'], only: ['Name', 'Roles'] })
 */
export function modelFromSchema(schema: JsonSchema, options: SchemaModelOptions = {}): ODataModel {
  const { notSortable = [], notFilterable = [], only } = options;
  const props = properties(schema);
  const named = [
    ...notSortable,
    ...notFilterable.map((name) => name.split('/')[0]!),
    ...(only ?? []),
  ];
  const missing = named.filter((name) => !props.some(([prop]) => prop === name));
  // A typo here would silently leave a field queryable, so it is a programming error.
  if (missing.length > 0) throw new Error(`modelFromSchema: no properties ${missing.join(', ')}`);
  const fields: Record<string, ODataField> = {};
  const collections: Record<string, ODataCollection> = {};
  for (const [name, property] of props) {
    if (only && !only.includes(name)) continue;
    // Written, never read (a password, who holds a role): no query names it.
    if ((property as { writeOnly?: unknown }).writeOnly === true) continue;
    const shape = shapeOf(property);
    if (shape?.kind === 'scalar') {
      fields[name] = {
        type: shape.type,
        nullable: shape.nullable,
        sortable: !notSortable.includes(name),
        filterable: !notFilterable.includes(name),
      };
    } else if (shape?.kind === 'array') {
      const collection = collectionOf(shape.items, name, notFilterable);
      if (collection)
        collections[name] = notFilterable.includes(name)
          ? { ...collection, filterable: false }
          : collection;
    }
  }
  return { fields, collections };
}
