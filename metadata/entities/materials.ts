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
    /** The output temperatures a delivery of this mix may have, °C (multiples of 5). */
    MinMixTemp: {
      type: ['integer', 'null'],
      title: 'ENTITY.MATERIAL.MIN_MIX_TEMP',
      minimum: 50,
      maximum: 250,
      multipleOf: 5,
    },
    MaxMixTemp: {
      type: ['integer', 'null'],
      title: 'ENTITY.MATERIAL.MAX_MIX_TEMP',
      minimum: 50,
      maximum: 250,
      multipleOf: 5,
    },
    /** How the mix cools (the model's thermal properties): dense-graded or stone mastic. */
    MixType: {
      type: 'string',
      title: 'ENTITY.MATERIAL.MIX_TYPE',
      enum: ['dense', 'sma'],
      default: 'dense',
    },
    /** When rolling stops, °C; empty takes the setting `Compaction.StopTemperature`. */
    StopTemperature: {
      type: ['number', 'null'],
      title: 'ENTITY.MATERIAL.STOP_TEMPERATURE',
      minimum: 20,
      maximum: 200,
    },
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
    'ui:order': [
      'Code',
      'Name',
      'Active',
      'CanAddEvotherm',
      'MinMixTemp',
      'MaxMixTemp',
      'MixType',
      'StopTemperature',
      '*',
    ],
    'ui:options': { recordName: 'ENTITY.MATERIAL.RECORD', titleField: 'Code' },
    Id: { 'ui:widget': 'hidden' },
    Version: { 'ui:widget': 'hidden' },
    MixType: { 'ui:enumNames': ['ENTITY.MATERIAL.MIX_TYPE.DENSE', 'ENTITY.MATERIAL.MIX_TYPE.SMA'] },
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
      MinMixTemp: 'min_mix_temp',
      MaxMixTemp: 'max_mix_temp',
      MixType: 'mix_type',
      StopTemperature: 'stop_temperature',
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
      column(5, 'MinMixTemp', 'ENTITY.MATERIAL.MIN_MIX_TEMP_SHORT', 'integer'),
      column(6, 'MaxMixTemp', 'ENTITY.MATERIAL.MAX_MIX_TEMP_SHORT', 'integer'),
    ],
    Actions: [newAction('ManageMaterials')],
    RowActions: [editAction('ManageMaterials')],
  },
} as const satisfies EntityDefinition;
