import type { EntityDefinition } from '../engine/definitions';
import {
  column,
  deleteAction,
  editAction,
  flagColumn,
  hiddenField,
  idProperty,
  newAction,
  versionProperty,
} from '../engine/parts';

export const permissionEntity = {
  id: 13,
  name: 'Permissions',
  entityType: 'Permission',
  screens: { list: '/admin/permissions', detail: '/admin/permissions/:id' },
  api: {
    Get: '/api/permissions/GetPermissionById/{id}',
    Save: '/api/permissions/SavePermission',
    Delete: 'GET /api/permissions/DeletePermission/{id}',
  },
  schema: {
    type: 'object',
    required: ['Code', 'Name'],
    properties: {
      Id: idProperty,
      Code: {
        type: 'string',
        title: 'ENTITY.PERMISSION.CODE',
        minLength: 1,
        maxLength: 100,
        pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
      },
      Name: { type: 'string', title: 'ENTITY.PERMISSION.NAME', minLength: 1, maxLength: 200 },
      IsParameterised: {
        type: 'boolean',
        title: 'ENTITY.PERMISSION.IS_PARAMETERISED',
        default: false,
      },
      IsSystem: { type: 'boolean', title: 'ENTITY.PERMISSION.IS_SYSTEM', readOnly: true },
      Version: versionProperty,
    },
    // A system permission keeps its code (the server's checks name it): the form shows it
    // read-only on those rows, and the server refuses a new one.
    if: { required: ['IsSystem'], properties: { IsSystem: { const: true } } },
    then: { properties: { Code: { readOnly: true } } },
  },
  form: {
    'ui:order': ['Code', 'Name', 'IsParameterised', '*'],
    Id: hiddenField,
    Version: hiddenField,
    IsSystem: hiddenField,
    Code: { 'ui:options': { unique: true } },
    IsParameterised: { 'ui:help': 'ENTITY.PERMISSION.IS_PARAMETERISED_HELP' },
  },
  permissions: {
    read: 'ManagePermissions',
    create: 'ManagePermissions',
    update: 'ManagePermissions',
    delete: 'ManagePermissions',
  },
  unique: ['Code'],
  storage: {
    table: 'permissions',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Code: 'code',
      Name: 'name',
      IsParameterised: 'is_parameterised',
      IsSystem: { below: { column: 'id', limit: 1000 } },
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.PERMISSIONS',
    ListUrl: '/odata/PermissionsOData',
    DetailUrl: '/admin/permissions/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Code', Desc: false }],
    DefaultFilter: null,
    DefaultFilterTitle: null,
    Columns: [
      column(1, 'Id', 'ENTITY.ID', 'integer'),
      column(2, 'Code', 'ENTITY.PERMISSION.CODE', 'string'),
      column(3, 'Name', 'ENTITY.PERMISSION.NAME', 'string'),
      flagColumn(4, 'IsParameterised', 'ENTITY.PERMISSION.IS_PARAMETERISED'),
    ],
    Actions: [newAction('ManagePermissions')],
    RowActions: [editAction('ManagePermissions'), deleteAction('ManagePermissions')],
  },
} as const satisfies EntityDefinition;
