import type { FromSchema } from 'json-schema-to-ts';
import type { EntityStorage } from './definitions';

/**
 * The JSON Schema of an entity's storage (`data_sources.storage`): the engine checks what it
 * reads back against it before trusting a table or column name it holds.
 */

const name = { type: 'string', pattern: '^[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)?$' } as const;
const names = { type: 'array', items: name } as const;
const nameMap = { type: 'object', additionalProperties: name } as const;

const concatSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['concat', 'separator'],
  properties: { concat: names, separator: { type: 'string' }, fallback: name },
} as const;

const lookupSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['table', 'key', 'column', 'foreignKey'],
  properties: { table: name, key: name, column: { anyOf: [name, concatSchema] }, foreignKey: name },
} as const;

const callerLinkSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['table', 'column', 'userColumn', 'foreignKey'],
  properties: {
    table: name,
    column: name,
    userColumn: name,
    foreignKey: name,
    userId: { type: ['integer', 'null'] },
  },
} as const;

const fieldStorageSchema = {
  anyOf: [
    name,
    concatSchema,
    {
      type: 'object',
      additionalProperties: false,
      required: ['lookup'],
      properties: { lookup: lookupSchema },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['count'],
      properties: {
        count: {
          type: 'object',
          additionalProperties: false,
          required: ['table', 'ownerColumn'],
          properties: { table: name, ownerColumn: name },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['below'],
      properties: {
        below: {
          type: 'object',
          additionalProperties: false,
          required: ['column', 'limit'],
          properties: { column: name, limit: { type: 'number' } },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['anyItem'],
      properties: {
        anyItem: {
          type: 'object',
          additionalProperties: false,
          required: ['collection', 'field'],
          // Names of the entity's collection and of its items' field, not columns.
          properties: {
            collection: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
            field: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['coded'],
      properties: {
        coded: {
          type: 'object',
          additionalProperties: false,
          required: ['column', 'names', 'other'],
          properties: {
            column: name,
            names: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['Id', 'Name'],
                properties: { Id: { type: 'number' }, Name: { type: 'string' } },
              },
            },
            other: { type: 'string' },
          },
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['callerLink'],
      properties: { callerLink: callerLinkSchema },
    },
  ],
} as const;

const collectionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['through', 'itemTable', 'itemKey', 'columns'],
  properties: {
    through: {
      type: 'object',
      additionalProperties: false,
      required: ['table', 'ownerColumn', 'itemColumn'],
      properties: { table: name, ownerColumn: name, itemColumn: name },
    },
    itemTable: name,
    itemKey: name,
    columns: nameMap,
    checked: { type: 'boolean' },
    link: { type: 'string', enum: ['table', 'column'] },
  },
} as const;

const childRowsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['table', 'key', 'ownerColumn', 'orderColumn', 'columns'],
  properties: { table: name, key: name, ownerColumn: name, orderColumn: name, columns: nameMap },
} as const;

export const entityStorageSchema = {
  $id: 'urn:engine:entity-storage',
  type: 'object',
  additionalProperties: false,
  required: ['table', 'key', 'versionColumn', 'fields'],
  properties: {
    table: name,
    key: name,
    versionColumn: name,
    fields: { type: 'object', additionalProperties: fieldStorageSchema },
    indexedFields: { type: 'array', items: { type: 'string' } },
    collections: { type: 'object', additionalProperties: collectionSchema },
    children: { type: 'object', additionalProperties: childRowsSchema },
    secrets: nameMap,
    jsonColumns: names,
    stamps: {
      type: 'object',
      additionalProperties: false,
      required: ['createdBy', 'updatedAt', 'updatedBy'],
      properties: { createdBy: name, updatedAt: name, updatedBy: name },
    },
  },
} as const;

type DeepMutable<T> = T extends readonly (infer Item)[]
  ? DeepMutable<Item>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;
/** Compiles only while the schema and the `EntityStorage` the engine reads agree. */
export type EntityStorageSchemaMatchesType = Holds<
  Same<FromSchema<typeof entityStorageSchema>, DeepMutable<EntityStorage>>
>;
