import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { column, editAction, flagColumn, newAction } from '../engine/parts';

/** Material codes: digits, capitals, space and `?` (a wildcard in a pattern). */
export const materialCodePattern = '^[0-9A-Z ?]+$';

export const materialSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Code', 'Name', 'Active', 'CanAddEvotherm'],
  properties: {
    Id: { type: 'integer', title: 'ENTITY.ID', readOnly: true },
    Code: {
      type: 'string',
      title: 'ENTITY.MATERIAL.CODE',
      minLength: 1,
      maxLength: 50,
      pattern: materialCodePattern,
    },
    Name: { type: 'string', title: 'ENTITY.MATERIAL.NAME', minLength: 1, maxLength: 200 },
    Active: { type: 'boolean', title: 'ENTITY.ACTIVE', default: true },
    CanAddEvotherm: { type: 'boolean', title: 'ENTITY.MATERIAL.CAN_ADD_EVOTHERM', default: false },
    Version: { type: 'integer', readOnly: true },
  },
} as const;

export type Material = FromSchema<typeof materialSchema>;

/** The two refusals of a code identical to an existing pattern (administration spec 5). */
export const materialCodeMessages = {
  activeMatch:
    'You cannot add this code as it is identical to an existing pattern which is active. Instead, edit that existing pattern.',
  inactiveMatch: 'Instead, re-activate the existing pattern and edit that.',
} as const;

export const materialEntity = {
  id: 2,
  name: 'Materials',
  entityType: 'Material',
  schema: materialSchema,
  form: {
    'ui:order': ['Code', 'Name', 'Active', 'CanAddEvotherm', '*'],
    Id: { 'ui:widget': 'hidden' },
    Version: { 'ui:widget': 'hidden' },
    Code: {
      'ui:widget': 'upperCode',
      'ui:options': { patternMessage: 'ENTITY.MATERIAL.CODE_PATTERN' },
    },
  },
  screens: { list: '/admin/downloaduploadmaterials', detail: '/admin/material/:id' },
  api: {
    Get: '/api/materials/GetMaterialById/{id}',
    Save: '/api/materials/SaveMaterial',
    Delete: null,
  },
  permissions: {
    read: 'ManageMaterials',
    create: 'ManageMaterials',
    update: 'ManageMaterials',
    delete: 'ManageMaterials',
  },
  unique: ['Code'],
  storage: {
    table: 'materials',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Code: 'code',
      Name: 'name',
      Active: 'active',
      CanAddEvotherm: 'can_add_evotherm',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.MATERIALS',
    ListUrl: '/odata/MaterialsOData',
    DetailUrl: '/admin/material/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Code', Desc: false }],
    DefaultFilter: 'Active eq true',
    DefaultFilterTitle: 'GRID.ACTIVE_ONLY',
    Columns: [
      column(1, 'Code', 'ENTITY.MATERIAL.CODE', 'string'),
      column(2, 'Name', 'ENTITY.MATERIAL.NAME', 'string'),
      flagColumn(3, 'Active', 'ENTITY.ACTIVE'),
      flagColumn(4, 'CanAddEvotherm', 'ENTITY.MATERIAL.CAN_ADD_EVOTHERM'),
    ],
    Actions: [newAction('ManageMaterials')],
    RowActions: [editAction('ManageMaterials')],
  },
} as const satisfies EntityDefinition;
