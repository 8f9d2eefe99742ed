import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { column } from '../engine/parts';

/** Change-log action types (administration spec 3). */
export const changeLogActionTypes = [
  { Id: 0, Name: 'Create' },
  { Id: 1, Name: 'Update' },
  { Id: 2, Name: 'Delete' },
  { Id: 3, Name: 'Other' },
] as const;

export type ChangeLogActionType = (typeof changeLogActionTypes)[number]['Id'];

const changeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Field', 'OldValue', 'NewValue', 'ChangeText'],
  properties: {
    Field: { type: 'string' },
    OldValue: {},
    NewValue: {},
    /** `Field: old → new`, ready to show. */
    ChangeText: { type: 'string' },
  },
} as const;

export const changeLogSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'EntityId', 'EntityType', 'DateTime', 'UserName', 'ActionType', 'Changes'],
  properties: {
    Id: { type: 'integer', title: 'ENTITY.ID', readOnly: true },
    EntityId: { type: 'string', title: 'ENTITY.CHANGE_LOG.ENTITY_ID' },
    EntityType: { type: 'string', title: 'ENTITY.CHANGE_LOG.ENTITY_TYPE' },
    DateTime: { type: 'string', format: 'date-time', title: 'ENTITY.CHANGE_LOG.DATE_TIME' },
    UserName: { type: 'string', title: 'ENTITY.CHANGE_LOG.USER_NAME' },
    ActionType: { type: 'integer', title: 'ENTITY.CHANGE_LOG.ACTION_TYPE', minimum: 0, maximum: 3 },
    ActionTypeText: { type: 'string', title: 'ENTITY.CHANGE_LOG.ACTION_TYPE' },
    GenericLog: { type: ['string', 'null'], title: 'ENTITY.CHANGE_LOG.GENERIC_LOG' },
    Changes: { type: 'array', title: 'ENTITY.CHANGE_LOG.CHANGES', items: changeSchema },
  },
} as const;

export type ChangeLogEntry = FromSchema<typeof changeLogSchema>;
export type FieldChange = FromSchema<typeof changeSchema>;

/** Body of `POST api/changelog/SaveChangeLog`: a note added to an entity's history. */
export const saveChangeLogRequestSchema = {
  type: 'object',
  required: ['EntityType', 'EntityId', 'GenericLog'],
  properties: {
    EntityType: { type: 'string', minLength: 1, maxLength: 100 },
    EntityId: { anyOf: [{ type: 'string', minLength: 1, maxLength: 100 }, { type: 'integer' }] },
    /** A note is an update of the entity's history (spec: action type 1), never more. */
    ActionType: { type: 'integer', enum: [1] },
    GenericLog: { type: 'string', minLength: 1, maxLength: 4000 },
  },
} as const;

export type SaveChangeLogRequest = FromSchema<typeof saveChangeLogRequestSchema>;

/** The audit log: read-only, newest first, five entries a page (spec 9). */
export const changeLogEntity = {
  id: 3,
  name: 'ChangeLogs',
  entityType: 'ChangeLog',
  schema: changeLogSchema,
  form: {},
  screens: { list: '/admin/auditlog', detail: null },
  api: {
    Get: '/api/changelog/GetChangeLogById/{id}',
    Save: '/api/changelog/SaveChangeLog',
    Delete: null,
  },
  permissions: {
    read: 'ViewAuditLog',
    create: 'ViewAuditLog',
    update: '!authorized',
    delete: '!authorized',
  },
  storage: {
    table: 'change_logs',
    key: 'id',
    versionColumn: 'id',
    fields: {
      Id: 'id',
      EntityId: 'entity_id',
      EntityType: 'entity_type',
      DateTime: 'date_time',
      UserName: 'user_name',
      ActionType: 'action_type',
      ActionTypeText: {
        coded: { column: 'action_type', names: changeLogActionTypes, other: 'Other' },
      },
      GenericLog: 'generic_log',
      Changes: 'changes',
    },
  },
  grid: {
    PageTitle: 'ROUTES.AUDIT_LOG',
    ListUrl: '/odata/ChangeLogsOData',
    DetailUrl: null,
    PageSize: 5,
    DefaultSort: [{ Field: 'DateTime', Desc: true }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'DateTime', 'ENTITY.CHANGE_LOG.DATE_TIME', 'datetime'),
      column(2, 'EntityType', 'ENTITY.CHANGE_LOG.ENTITY_TYPE', 'string'),
      column(3, 'EntityId', 'ENTITY.CHANGE_LOG.ENTITY_ID', 'string'),
      column(4, 'UserName', 'ENTITY.CHANGE_LOG.USER_NAME', 'string'),
      {
        Id: 5,
        Field: 'ActionTypeText',
        Title: 'ENTITY.CHANGE_LOG.ACTION_TYPE',
        Format: null,
        Type: 'string',
        Order: 5,
        Sortable: false,
        Filterable: false,
      },
      {
        Id: 6,
        Field: 'Changes',
        Title: 'ENTITY.CHANGE_LOG.CHANGES',
        Format: null,
        Type: 'string',
        Order: 6,
        Sortable: false,
        Filterable: false,
      },
    ],
    Actions: [],
    RowActions: [],
  },
} as const satisfies EntityDefinition;

/** `GET api/dataSources/{id}/data/{rowId}/history`: one row's entries, newest first. */
export const rowHistorySchema = { type: 'array', items: changeLogSchema } as const;
