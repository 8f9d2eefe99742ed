import type { UserFieldSchema, UserFieldType, UserTableSchema } from '#metadata';
import { fieldTypeOf, isScalarType } from '#platform/core';
import { columnOf } from './names';

/** The SQL type that stores each field type. */
const sqlTypes: Record<UserFieldType, string> = {
  String: 'text',
  Enum: 'text',
  Integer: 'bigint',
  Number: 'numeric',
  Boolean: 'boolean',
  Date: 'date',
  DateTime: 'timestamptz',
  Array: 'jsonb',
  Object: 'jsonb',
};

/** What the database rules of a column check, as plain data (compared to see a change). */
export interface CheckRule {
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
}

/** One top-level field as a column: its type and the constraints that keep it. */
export interface ColumnSpec {
  field: string;
  fieldId: number;
  column: string;
  type: UserFieldType;
  sqlType: string;
  /** The field's schema (a JSON column's values are checked against it). */
  schema: UserFieldSchema;
  notNull: boolean;
  /** The default value (undefined: none). */
  defaultValue: unknown;
  check: CheckRule | null;
  unique: boolean;
  /** Scalar columns are indexed (with the id, for keyset paging): they sort and filter. */
  indexed: boolean;
}

function checkOf(schema: UserFieldSchema, type: UserFieldType): CheckRule | null {
  const rule: CheckRule = {};
  if (type === 'Enum' && schema.enum) rule.enum = [...schema.enum];
  if (type === 'Integer' || type === 'Number') {
    if (schema.minimum !== undefined) rule.minimum = schema.minimum;
    if (schema.maximum !== undefined) rule.maximum = schema.maximum;
  }
  if (type === 'String' || type === 'Enum') {
    if (schema.minLength !== undefined) rule.minLength = schema.minLength;
    if (schema.maxLength !== undefined) rule.maxLength = schema.maxLength;
    if (schema.pattern !== undefined) rule.pattern = schema.pattern;
  }
  if (type === 'Array') {
    if (schema.minItems !== undefined) rule.minItems = schema.minItems;
    if (schema.maxItems !== undefined) rule.maxItems = schema.maxItems;
  }
  return Object.keys(rule).length > 0 ? rule : null;
}

/** The columns of a stored field tree (its top-level fields, which all carry ids by now). */
export function columnSpecs(schema: UserTableSchema, primaryKey: string): ColumnSpec[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([field, fieldSchema]) => {
    const fieldId = fieldSchema['x-field-id'];
    if (fieldId === undefined) throw new Error(`The field ${field} has no column id`);
    const type = fieldTypeOf(fieldSchema);
    return {
      field,
      fieldId,
      column: columnOf(fieldId),
      type,
      sqlType: sqlTypes[type],
      schema: fieldSchema,
      notNull: required.has(field) || field === primaryKey,
      defaultValue: fieldSchema.default,
      check: checkOf(fieldSchema, type),
      unique: fieldSchema['x-unique'] === true && field !== primaryKey,
      indexed: isScalarType(type),
    };
  });
}

/** The key column: the key field's, or the system id. */
export function keyColumnOf(columns: readonly ColumnSpec[], primaryKey: string): string {
  return columns.find((column) => column.field === primaryKey)?.column ?? 'id';
}
