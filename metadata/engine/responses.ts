import type { FromSchema } from 'json-schema-to-ts';
import { columnTypes, gridActionTypes, type GridPage, rowActionTypes } from './definitions';

/**
 * The answers of the engine's generic calls, whose rows depend on the data source: the
 * envelope is exact, a row is whatever the data source's schema holds.
 */

/** One row of a data source, as its schema and the caller's reach shape it. */
export const entityRowSchema = { type: 'object', additionalProperties: true } as const;

/** `{ "@odata.count": n, "value": [...] }` of any data source (the count only when asked). */
export const entityPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['value'],
  properties: {
    '@odata.count': { type: 'integer' },
    value: { type: 'array', items: entityRowSchema },
  },
} as const;

/** The distinct values of one field for a grid's filter list (dates as ISO text). */
export const entityValuesSchema = {
  type: 'array',
  items: { type: ['string', 'number', 'boolean'] },
} as const;
export type EntityValues = FromSchema<typeof entityValuesSchema>;

/** A JSON Schema or an RJSF uiSchema, passed on as it is stored. */
const openObject = { type: 'object', additionalProperties: true } as const;
const nullableText = { type: ['string', 'null'] } as const;

const gridColumnSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Field', 'Title', 'Format', 'Type', 'Order'],
  properties: {
    Id: { type: 'integer' },
    Field: { type: 'string' },
    Title: { type: 'string' },
    Format: nullableText,
    Type: { type: 'string', enum: columnTypes },
    Order: { type: 'integer' },
    Sortable: { type: 'boolean' },
    Filterable: { type: 'boolean' },
    Width: { type: 'number' },
    FilterFields: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Field', 'Title', 'Type'],
        properties: {
          Field: { type: 'string' },
          Title: { type: 'string' },
          Type: { type: 'string', enum: columnTypes },
        },
      },
    },
    FilterByValuesOnly: { type: 'boolean' },
  },
} as const;

const gridActionSchema = <const Types extends readonly string[]>(types: Types) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['Id', 'Title', 'Type', 'UrlToRedirect', 'Order'],
    properties: {
      Id: { type: 'integer' },
      Title: { type: 'string' },
      Type: { type: 'string', enum: types },
      UrlToRedirect: nullableText,
      Order: { type: 'integer' },
      Permission: { type: 'string' },
    },
  }) as const;

/** `GET api/grids/{id}`: a grid page with its data source's schema, form and calls. */
export const gridPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'Id',
    'PageTitle',
    'DataSourceId',
    'DataSourceName',
    'EntityType',
    'PkField',
    'SchemaDefinition',
    'FormDefinition',
    'Columns',
    'Actions',
    'RowActions',
    'PageSize',
    'DefaultSort',
    'DefaultFilter',
    'DefaultFilterTitle',
    'ListUrl',
    'DetailUrl',
    'Api',
    'Permission',
    'IsSystem',
    'Version',
  ],
  properties: {
    Id: { type: 'integer' },
    PageTitle: { type: 'string' },
    DataSourceId: { type: 'integer' },
    DataSourceName: { type: 'string' },
    EntityType: { type: 'string' },
    PkField: { type: 'string' },
    SchemaDefinition: openObject,
    FormDefinition: { type: ['object', 'null'], additionalProperties: true },
    Columns: { type: 'array', items: gridColumnSchema },
    Actions: { type: 'array', items: gridActionSchema(gridActionTypes) },
    RowActions: { type: 'array', items: gridActionSchema(rowActionTypes) },
    PageSize: { type: 'integer' },
    DefaultSort: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Field', 'Desc'],
        properties: { Field: { type: 'string' }, Desc: { type: 'boolean' } },
      },
    },
    DefaultFilter: nullableText,
    DefaultFilterTitle: nullableText,
    CardFields: { type: 'array', items: { type: 'string' } },
    ListUrl: { type: 'string' },
    DetailUrl: nullableText,
    Api: {
      type: 'object',
      additionalProperties: false,
      required: ['Get', 'Save', 'Delete'],
      properties: { Get: { type: 'string' }, Save: { type: 'string' }, Delete: nullableText },
    },
    Permission: { type: 'string' },
    IsSystem: { type: 'boolean' },
    Version: { type: 'integer' },
  },
} as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;
/** Compiles only while the schema and the `GridPage` the browser reads agree. */
export type GridPageSchemaMatchesType = Holds<Same<FromSchema<typeof gridPageSchema>, GridPage>>;
