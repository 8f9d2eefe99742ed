import type { EntityStorage, JsonSchema, UserFieldSchema, UserTableSchema } from '#metadata';
import { fieldTypeOf, isScalarType, storableDate, storableDateTime } from '#platform/core';
import { columnOf, systemColumns, tableOf } from './names';

const userName = (foreignKey: string) => ({
  lookup: { table: 'users', key: 'id', column: 'name', foreignKey },
});

/**
 * Where the engine finds a user table's fields: the system columns, and each top-level field
 * in the column of its id. The engine stamps who created and last changed a row.
 */
export function userTableStorage(dataSourceId: number, schema: UserTableSchema): EntityStorage {
  const fields: Record<string, EntityStorage['fields'][string]> = { Id: systemColumns.Id };
  const jsonColumns: string[] = [];
  for (const [name, field] of Object.entries(schema.properties)) {
    const column = columnOf(field['x-field-id']!);
    fields[name] = column;
    if (!isScalarType(fieldTypeOf(field))) jsonColumns.push(column);
  }
  Object.assign(fields, {
    CreatedAt: systemColumns.CreatedAt,
    CreatedBy: userName(systemColumns.CreatedBy),
    UpdatedAt: systemColumns.UpdatedAt,
    UpdatedBy: userName(systemColumns.UpdatedBy),
    Version: systemColumns.Version,
  });
  return {
    table: tableOf(dataSourceId),
    key: systemColumns.Id,
    versionColumn: systemColumns.Version,
    fields,
    jsonColumns,
    stamps: {
      createdBy: systemColumns.CreatedBy,
      updatedAt: systemColumns.UpdatedAt,
      updatedBy: systemColumns.UpdatedBy,
    },
  };
}

const systemProperties = {
  Id: { type: 'integer', title: 'Id', readOnly: true },
  CreatedAt: { type: 'string', format: 'date-time', title: 'Created', readOnly: true },
  CreatedBy: { type: ['string', 'null'], title: 'Created by', readOnly: true },
  UpdatedAt: { type: 'string', format: 'date-time', title: 'Updated', readOnly: true },
  UpdatedBy: { type: ['string', 'null'], title: 'Updated by', readOnly: true },
  Version: { type: 'integer', title: 'Version', readOnly: true },
} as const;

/** Text without U+0000 or a lone surrogate (with or without the `u` flag: a pair is one). */
const storableText = '^(?:[^\\u0000\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff])*$';
const bigintLimit = 2 ** 63;

/**
 * What a field's column can hold beyond the designer's rules, so that a value it cannot is
 * refused as the field's (a 400 naming it) rather than by a failing statement (a unique
 * field's check runs one before the save): a bigint as the driver writes a number
 * (String(-2 ** 63) is -9223372036854776000, out of range), a year from 1 and an offset under
 * 16 hours, text without U+0000 (refused) or a lone surrogate (stored as U+FFFD).
 */
function columnRules(field: UserFieldSchema): JsonSchema | null {
  switch (fieldTypeOf(field)) {
    case 'Integer':
      return { exclusiveMinimum: -bigintLimit, exclusiveMaximum: bigintLimit };
    case 'Date':
      return { pattern: storableDate };
    case 'DateTime':
      return { pattern: storableDateTime };
    case 'String':
      return { pattern: storableText };
    default:
      return null;
  }
}

function withoutIds(field: UserFieldSchema): JsonSchema {
  const { 'x-field-id': _id, 'x-unique': _unique, ...rules } = field;
  const column = columnRules(field);
  // Under allOf: the field's own pattern stays as the designer set it.
  return column ? { ...rules, allOf: [column] } : rules;
}

/** A field that may be empty: its type (and its values, for an enum) admit null. */
function nullable(field: UserFieldSchema): JsonSchema {
  return {
    ...withoutIds(field),
    type: [field.type, 'null'],
    ...(field.enum ? { enum: [...field.enum, null] } : {}),
  };
}

/**
 * A user table's row as the engine reads, validates and answers it: the system fields
 * (read-only) around the designer's fields, the optional ones nullable (an empty field reads
 * as null and is saved back as null).
 */
export function userRowSchema(schema: UserTableSchema): JsonSchema {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties).map(([name, field]) => [
    name,
    required.has(name) ? withoutIds(field) : nullable(field),
  ]);
  const { Id, Version, ...stamps } = systemProperties;
  return {
    type: 'object',
    ...(schema.title ? { title: schema.title } : {}),
    required: [...required],
    properties: { Id, ...Object.fromEntries(fields), ...stamps, Version },
  };
}

/** The fields whose values must be unique: the key field, and those marked unique. */
export function uniqueFieldsOf(schema: UserTableSchema, primaryKey: string): string[] {
  return Object.entries(schema.properties)
    .filter(([name, field]) => name === primaryKey || field['x-unique'] === true)
    .map(([name]) => name);
}

/** The change log's EntityType of a user table's rows: stable across renames. */
export const userTableEntityType = (dataSourceId: number) => `UserTable${dataSourceId}`;
