import type { FromSchema } from 'json-schema-to-ts';
import { acceptingAnswer } from './derived-schemas';

/**
 * The definitions the data source designer edits, as JSON Schemas the server checks every save
 * against (ajv) and types inferred from them:
 *
 * - the **field tree**: the data source's `SchemaDefinition`, a JSON Schema of an object whose
 *   properties are the fields (`userFieldSchema`); each top-level field carries its stable
 *   `x-field-id` (the physical column is named after it, so a rename touches only metadata);
 * - the **control tree**: the `FormDefinition`, `{ "ui:controls": [...] }`, the layout of the
 *   form: field controls placed in containers (section, fieldset, tab, actions) and array
 *   controls (array, tabarray) holding the controls of their items' fields.
 */

/** The field types the designer offers, as the spec names them. */
export const userFieldTypes = [
  'Array',
  'Boolean',
  'Date',
  'DateTime',
  'Enum',
  'Integer',
  'Number',
  'Object',
  'String',
] as const;
export type UserFieldType = (typeof userFieldTypes)[number];

/** Top-level field names the system columns take (compared ignoring case). */
export const systemFieldNames = [
  'Id',
  'CreatedAt',
  'CreatedBy',
  'UpdatedAt',
  'UpdatedBy',
  'Version',
] as const;

/** A field name: a letter, then letters, digits or `_` (it is an OData identifier too). */
export const fieldNamePattern = '^[A-Za-z][A-Za-z0-9_]{0,62}$';
/** How many fields a data source may hold (top level and nested together). */
export const maxUserFields = 200;
/** How deep fields may nest (Object in Array in Object ...). */
export const maxFieldDepth = 4;

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/**
 * One field of the field tree as JSON Schema. `x-field-id` names the column of a top-level
 * field (absent on a field the designer just added); `x-unique` asks for a unique constraint.
 * Nested fields (of an Object, or of an Array's items) live in their parent's JSON column.
 */
export interface UserFieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  title?: string;
  format?: 'date' | 'date-time';
  enum?: string[];
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: UserFieldSchema;
  properties?: Record<string, UserFieldSchema>;
  required?: string[];
  'x-field-id'?: number;
  'x-unique'?: boolean;
}

/** The field tree: the data source's `SchemaDefinition`. */
export interface UserTableSchema {
  type: 'object';
  title?: string;
  properties: Record<string, UserFieldSchema>;
  required?: string[];
}

const bound = { type: 'number' } as const;
const count = { type: 'integer', minimum: 0, maximum: 1_000_000 } as const;

/** The JSON Schema of the field tree (recursive through `$defs`). */
export const userTableSchemaSchema = {
  $id: 'urn:engine:user-table-schema',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'properties'],
  properties: {
    type: { const: 'object' },
    title: text(200),
    properties: { $ref: '#/$defs/fields' },
    required: { $ref: '#/$defs/names' },
  },
  $defs: {
    names: {
      type: 'array',
      maxItems: maxUserFields,
      uniqueItems: true,
      items: { type: 'string', pattern: fieldNamePattern },
    },
    fields: {
      type: 'object',
      maxProperties: maxUserFields,
      propertyNames: { pattern: fieldNamePattern },
      additionalProperties: { $ref: '#/$defs/field' },
    },
    field: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { enum: ['string', 'integer', 'number', 'boolean', 'array', 'object'] },
        title: text(200),
        format: { enum: ['date', 'date-time'] },
        enum: {
          type: 'array',
          minItems: 1,
          maxItems: 500,
          uniqueItems: true,
          items: { type: 'string', minLength: 1, maxLength: 200 },
        },
        default: {},
        pattern: text(500),
        minimum: bound,
        maximum: bound,
        minLength: count,
        maxLength: count,
        minItems: count,
        maxItems: count,
        items: { $ref: '#/$defs/field' },
        properties: { $ref: '#/$defs/fields' },
        required: { $ref: '#/$defs/names' },
        'x-field-id': { type: 'integer', minimum: 1, maximum: 1_000_000 },
        'x-unique': { type: 'boolean' },
      },
    },
  },
} as const;

/** The containers of the control tree, as the spec names them (the root is the form itself). */
export const containerControlTypes = ['section', 'fieldset', 'tab', 'actions'] as const;
/** Controls bound to an Array field whose children are the controls of its items' fields. */
export const arrayControlTypes = ['array', 'tabarray'] as const;
export type ContainerControlType = (typeof containerControlTypes)[number];
export type ArrayControlType = (typeof arrayControlTypes)[number];

/** Field widgets a control may ask for in place of its type's own. */
export const controlWidgets = ['textarea', 'radio', 'password'] as const;

/**
 * One node of the control tree. `Key` is the field's path: `Notes` at the top level,
 * `Photos.Caption` for the field `Caption` of the items of the Array field `Photos`. A control
 * may only sit under containers of the same key parent (the root's fields anywhere outside
 * array controls; an array's item fields only within that array's control).
 */
export type ControlNode =
  | {
      Id: string;
      Type: 'field';
      Key: string;
      Title?: string;
      Widget?: (typeof controlWidgets)[number];
    }
  | { Id: string; Type: ContainerControlType; Title?: string; Children: ControlNode[] }
  | { Id: string; Type: ArrayControlType; Key: string; Title?: string; Children: ControlNode[] };

/** The form definition of a user table: the root's controls, in order. */
export interface UserFormDefinition {
  'ui:controls': ControlNode[];
}

/** How many controls a form may hold, and how deep containers may nest. */
export const maxControls = 500;
export const maxControlDepth = 8;

const controlId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const controlKey = { type: 'string', minLength: 1, maxLength: 400 } as const;

/** The JSON Schema of a user table's form definition (recursive through `$defs`). */
export const userFormDefinitionSchema = {
  $id: 'urn:engine:user-form-definition',
  type: 'object',
  additionalProperties: false,
  required: ['ui:controls'],
  properties: { 'ui:controls': { $ref: '#/$defs/controls' } },
  $defs: {
    controls: { type: 'array', maxItems: maxControls, items: { $ref: '#/$defs/control' } },
    control: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['Id', 'Type', 'Key'],
          properties: {
            Id: controlId,
            Type: { const: 'field' },
            Key: controlKey,
            Title: text(200),
            Widget: { enum: controlWidgets },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['Id', 'Type', 'Children'],
          properties: {
            Id: controlId,
            Type: { enum: containerControlTypes },
            Title: text(200),
            Children: { $ref: '#/$defs/controls' },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['Id', 'Type', 'Key', 'Children'],
          properties: {
            Id: controlId,
            Type: { enum: arrayControlTypes },
            Key: controlKey,
            Title: text(200),
            Children: { $ref: '#/$defs/controls' },
          },
        },
      ],
    },
  },
} as const;

const permission = { type: 'string', maxLength: 500, pattern: '^[A-Za-z0-9_(),!&. -]*$' } as const;

/** Who may read, create, update and delete a data source's rows (permission expressions). */
export const dataSourcePermissionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['read', 'create', 'update', 'delete'],
  properties: { read: permission, create: permission, update: permission, delete: permission },
} as const;
export type DataSourcePermissions = FromSchema<typeof dataSourcePermissionsSchema>;

const openObject = { type: 'object', additionalProperties: true } as const;
const maxId = 2_147_483_647;

/** `GET api/dataSources/{id}`: a data source as the designer edits it. */
export const dataSourceViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'Id',
    'Name',
    'IsVirtual',
    'PrimaryKeyField',
    'SchemaDefinition',
    'FormDefinition',
    'Permissions',
    'IsSystem',
    'RowCount',
    'GridPages',
    'Version',
  ],
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    IsVirtual: { type: 'boolean' },
    PrimaryKeyField: { type: 'string' },
    SchemaDefinition: openObject,
    FormDefinition: { type: ['object', 'null'], additionalProperties: true },
    Permissions: dataSourcePermissionsSchema,
    IsSystem: { type: 'boolean' },
    /** How many rows the table holds (null for a virtual data source). */
    RowCount: { type: ['integer', 'null'] },
    /** The grid pages drawn from it (a data source in use cannot be deleted). */
    GridPages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Id', 'PageTitle'],
        properties: { Id: { type: 'integer' }, PageTitle: { type: 'string' } },
      },
    },
    Version: { type: 'integer' },
  },
} as const;
export type DataSourceView = FromSchema<typeof dataSourceViewSchema>;

/** A data source's name: what users read in lists and menus. */
export const dataSourceNamePattern = "^[\\p{L}\\p{N}][\\p{L}\\p{N} _'().-]{0,99}$";

/**
 * `POST api/dataSources` (create: Id 0 or absent) and `PUT api/dataSources` (edit: Id and the
 * Version read). `ConfirmDataLoss` must be true for a save that removes a field holding data.
 */
export const dataSourceSaveSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'SchemaDefinition'],
  properties: {
    Id: { type: 'integer', minimum: 0, maximum: maxId },
    Name: { type: 'string', minLength: 1, maxLength: 100 },
    IsVirtual: { type: 'boolean' },
    /** The key field; '' or absent: the system `Id`. */
    PrimaryKeyField: { type: 'string', maxLength: 63 },
    SchemaDefinition: openObject,
    FormDefinition: { type: ['object', 'null'], additionalProperties: true },
    Permissions: dataSourcePermissionsSchema,
    Version: { type: 'integer', minimum: 0, maximum: maxId },
    ConfirmDataLoss: { type: 'boolean' },
  },
} as const;
export type DataSourceSave = FromSchema<typeof dataSourceSaveSchema>;

/**
 * The body `POST` and `PUT api/dataSources` take: a save, or the definition as
 * `GET api/dataSources/{id}` answered it. `RowCount` and `GridPages` are ignored; an `IsSystem`
 * other than the source's is a 400.
 */
export const dataSourceSaveBodySchema = acceptingAnswer(dataSourceSaveSchema, dataSourceViewSchema);

/** `GET api/dataSources/{id}/fields`: every field a grid page may show, system ones included. */
export const dataSourceFieldsSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['Name', 'Title', 'Type', 'ColumnType', 'IsPrimaryKey', 'IsSystem', 'Required'],
    properties: {
      Name: { type: 'string' },
      Title: { type: 'string' },
      /** The designer's type (String, Date, ...), null for a field of a virtual source's own. */
      Type: { type: ['string', 'null'] },
      /** The grid column type that shows it (string, date, ...), null when no column can. */
      ColumnType: { type: ['string', 'null'] },
      IsPrimaryKey: { type: 'boolean' },
      IsSystem: { type: 'boolean' },
      Required: { type: 'boolean' },
    },
  },
} as const;
export type DataSourceFields = FromSchema<typeof dataSourceFieldsSchema>;

/** The permissions a new data source gets: its designers only, until an administrator opens it. */
export const defaultDataSourcePermissions: DataSourcePermissions = {
  read: 'ManageDataSources',
  create: 'ManageDataSources',
  update: 'ManageDataSources',
  delete: 'ManageDataSources',
};
