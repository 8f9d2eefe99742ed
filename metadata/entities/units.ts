import type { FromSchema } from 'json-schema-to-ts';
import type { EntityDefinition } from '../engine/definitions';
import { column, editAction, flagColumn, newAction } from '../engine/parts';

/** A production unit (asphalt plant): the row as `api/units/*` and `odata/UnitsOData` serve it. */
export const unitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Code', 'Name', 'Active'],
  properties: {
    Id: { type: 'integer', title: 'ENTITY.ID', readOnly: true },
    Code: { type: 'string', title: 'ENTITY.UNIT.CODE', minLength: 1, maxLength: 20 },
    Name: { type: 'string', title: 'ENTITY.UNIT.NAME', minLength: 1, maxLength: 200 },
    Active: { type: 'boolean', title: 'ENTITY.ACTIVE', default: true },
    /** Where the plant is: the haul starts here, and the map shows it. */
    Latitude: { type: ['number', 'null'], title: 'ENTITY.UNIT.LATITUDE', minimum: 49, maximum: 61 },
    Longitude: {
      type: ['number', 'null'],
      title: 'ENTITY.UNIT.LONGITUDE',
      minimum: -9,
      maximum: 3,
    },
    Postcode: { type: ['string', 'null'], title: 'ENTITY.UNIT.POSTCODE', maxLength: 10 },
    Version: { type: 'integer', readOnly: true },
  },
} as const;

export type Unit = FromSchema<typeof unitSchema>;

export const unitEntity = {
  id: 1,
  name: 'Units',
  entityType: 'Unit',
  schema: unitSchema,
  form: {
    'ui:order': ['Code', 'Name', 'Active', 'Postcode', 'Latitude', 'Longitude', '*'],
    'ui:options': { recordName: 'ENTITY.UNIT.RECORD', titleField: 'Code' },
    Id: { 'ui:widget': 'hidden' },
    Version: { 'ui:widget': 'hidden' },
    Code: { 'ui:options': { unique: true } },
  },
  screens: { list: '/admin/units', detail: '/admin/units/:id' },
  api: { Get: '/api/units/GetUnitById/{id}', Save: '/api/units/SaveUnit', Delete: null },
  permissions: {
    read: 'ManageUnits',
    create: 'ManageUnits',
    update: 'ManageUnits',
    delete: 'ManageUnits',
  },
  unique: ['Code'],
  storage: {
    table: 'units',
    key: 'id',
    versionColumn: 'version',
    fields: {
      Id: 'id',
      Code: 'code',
      Name: 'name',
      Active: 'active',
      Latitude: 'latitude',
      Longitude: 'longitude',
      Postcode: 'postcode',
      Version: 'version',
    },
  },
  grid: {
    PageTitle: 'ROUTES.UNITS',
    ListUrl: '/odata/UnitsOData',
    DetailUrl: '/admin/units/{id}',
    PageSize: 20,
    DefaultSort: [{ Field: 'Code', Desc: false }],
    DefaultFilter: 'Active eq true',
    DefaultFilterTitle: 'GRID.ACTIVE_ONLY',
    Columns: [
      column(1, 'Code', 'ENTITY.UNIT.CODE', 'string'),
      column(2, 'Name', 'ENTITY.UNIT.NAME', 'string'),
      flagColumn(3, 'Active', 'ENTITY.ACTIVE'),
    ],
    Actions: [newAction('ManageUnits')],
    RowActions: [editAction('ManageUnits')],
  },
} as const satisfies EntityDefinition;
