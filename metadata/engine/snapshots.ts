import type { FromSchema } from 'json-schema-to-ts';
import { dataSourcePermissionsSchema } from './data-sources';

/**
 * A schema snapshot: user tables' definitions exported from one installation and imported
 * into another, with a preview of the differences before anything is applied.
 */

export const snapshotFormat = 'asphalt-scheduler/data-sources';

const openObject = { type: 'object', additionalProperties: true } as const;

/** One data source of a snapshot: its definition without this installation's column ids. */
export const snapshotSourceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Name', 'PrimaryKeyField', 'SchemaDefinition', 'FormDefinition', 'Permissions'],
  properties: {
    Name: { type: 'string', minLength: 1, maxLength: 100 },
    PrimaryKeyField: { type: 'string', maxLength: 63 },
    SchemaDefinition: openObject,
    FormDefinition: { type: ['object', 'null'], additionalProperties: true },
    Permissions: dataSourcePermissionsSchema,
  },
} as const;
export type SnapshotSource = FromSchema<typeof snapshotSourceSchema>;

/** `GET api/dataSources/snapshot` (a JSON file), and the body of the preview and import. */
export const snapshotSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Format', 'Version', 'ExportedAt', 'DataSources'],
  properties: {
    Format: { const: snapshotFormat },
    Version: { const: 1 },
    ExportedAt: { type: 'string', maxLength: 40 },
    DataSources: { type: 'array', maxItems: 200, items: snapshotSourceSchema },
  },
} as const;
export type Snapshot = FromSchema<typeof snapshotSchema>;

export const snapshotActions = ['Create', 'Update', 'Unchanged'] as const;

/** What importing one data source of a snapshot would do here. */
export const snapshotChangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'Name',
    'Action',
    'AddedFields',
    'RemovedFields',
    'ChangedFields',
    'FormChanged',
    'PermissionsChanged',
    'Destructive',
    'Problems',
  ],
  properties: {
    Name: { type: 'string' },
    Action: { type: 'string', enum: snapshotActions },
    AddedFields: { type: 'array', items: { type: 'string' } },
    RemovedFields: { type: 'array', items: { type: 'string' } },
    /** Fields whose type or rules differ (`Score: Integer → Number`). */
    ChangedFields: { type: 'array', items: { type: 'string' } },
    FormChanged: { type: 'boolean' },
    PermissionsChanged: { type: 'boolean' },
    /** Applying it removes data (removed fields that hold values): needs confirmation. */
    Destructive: { type: 'boolean' },
    /** Why it cannot be applied as it is (an invalid definition); empty when it can. */
    Problems: { type: 'array', items: { type: 'string' } },
  },
} as const;
export type SnapshotChange = FromSchema<typeof snapshotChangeSchema>;

export const snapshotPreviewSchema = { type: 'array', items: snapshotChangeSchema } as const;

/** `POST api/dataSources/snapshot/import`: the snapshot and the confirmation of data loss. */
export const snapshotImportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Snapshot'],
  properties: { Snapshot: snapshotSchema, ConfirmDataLoss: { type: 'boolean' } },
} as const;
