import type { FromSchema } from 'json-schema-to-ts';

/** A unit as the external recording system lists it (checked and tidied). */
const sourceUnitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Code', 'Name', 'Active', 'Latitude', 'Longitude', 'Postcode'],
  properties: {
    Code: { type: 'string' },
    Name: { type: 'string' },
    Active: { type: 'boolean' },
    Latitude: { type: ['number', 'null'] },
    Longitude: { type: ['number', 'null'] },
    Postcode: { type: ['string', 'null'] },
  },
} as const;

const changedValue = { type: ['string', 'number', 'boolean', 'null'] } as const;

/** A problem of one row of a file or source: its row (1 = the first), field and reason. */
export const rowProblemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Row', 'Field', 'Message'],
  properties: {
    Row: { type: 'integer' },
    Field: { type: 'string' },
    Message: { type: 'string' },
  },
} as const;

export type RowProblem = FromSchema<typeof rowProblemSchema>;

/**
 * `GET api/syncunits/GetSyncUnits`: the spec's New, Upgrade and Result, and beside them our
 * active units the source lacks (offered for deactivation), the source rows left out, and a
 * token naming the comparison, which `ApplySyncUnits` must bring back.
 */
export const unitSyncSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['New', 'Upgrade', 'Missing', 'Problems', 'Unchanged', 'Result', 'Token'],
  properties: {
    New: { type: 'array', items: sourceUnitSchema },
    Upgrade: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Id', 'Code', 'Version', 'Changes', 'Unit'],
        properties: {
          Id: { type: 'integer' },
          Code: { type: 'string' },
          Version: { type: 'integer' },
          Changes: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['Field', 'Old', 'New'],
              properties: { Field: { type: 'string' }, Old: changedValue, New: changedValue },
            },
          },
          Unit: sourceUnitSchema,
        },
      },
    },
    Missing: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['Id', 'Code', 'Name', 'Version'],
        properties: {
          Id: { type: 'integer' },
          Code: { type: 'string' },
          Name: { type: 'string' },
          Version: { type: 'integer' },
        },
      },
    },
    Problems: { type: 'array', items: rowProblemSchema },
    Unchanged: { type: 'integer' },
    Result: { type: 'string' },
    Token: { type: 'string' },
  },
} as const;

export type UnitSync = FromSchema<typeof unitSyncSchema>;

const codeList = {
  type: 'array',
  maxItems: 10_000,
  items: { type: 'string', minLength: 1, maxLength: 20 },
} as const;

/** `POST api/syncunits/ApplySyncUnits`: the differences confirmed, by unit code. */
export const unitSyncChoiceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Token'],
  properties: {
    Token: { type: 'string', minLength: 1, maxLength: 100 },
    New: codeList,
    Upgrade: codeList,
    Deactivate: codeList,
  },
} as const;

export type UnitSyncChoice = FromSchema<typeof unitSyncChoiceSchema>;

export const unitSyncAppliedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Created', 'Updated', 'Deactivated'],
  properties: {
    Created: { type: 'integer' },
    Updated: { type: 'integer' },
    Deactivated: { type: 'integer' },
  },
} as const;

export type UnitSyncApplied = FromSchema<typeof unitSyncAppliedSchema>;

/**
 * `POST api/downloaduploadmaterials/save`: an empty `Errors` means every row was saved;
 * otherwise nothing was, and `Errors` names each bad row's field and reason.
 */
export const materialUploadSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Errors', 'Created', 'Updated', 'Unchanged'],
  properties: {
    Errors: { type: 'array', items: rowProblemSchema },
    Created: { type: 'integer' },
    Updated: { type: 'integer' },
    Unchanged: { type: 'integer' },
  },
} as const;

export type MaterialUpload = FromSchema<typeof materialUploadSchema>;

/** The wrong-format message of the materials upload (a file that is not an .xlsx workbook). */
export const materialUploadWrongFormat = 'The file is not an Excel workbook (.xlsx).';
