/** Building blocks shared by the people schemas (users, roles, groups, companies, permissions). */

export const maxRowId = 2_147_483_647;

export const rowIdSchema = { type: 'integer', minimum: 1, maximum: maxRowId } as const;

/** A row id, or 0 for a row not saved yet (a save with Id 0 or none creates). */
export const rowIdOrZeroSchema = { type: 'integer', minimum: 0, maximum: maxRowId } as const;

/** An id in a path; 0 asks for the blank template of a new row where a call offers one. */
export const idParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: rowIdOrZeroSchema },
} as const;

/**
 * The path of a get-by-id call (`GetUnitById/{id}`, ...): a row id, or 0 or below for the blank
 * entity a "New" screen starts from (never a 404 for those).
 */
export const getByIdParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: -maxRowId - 1, maximum: maxRowId } },
} as const;

/** The version a save must carry for an existing row; a stale one is answered with 409. */
export const versionSchema = { type: 'integer', minimum: 1, maximum: maxRowId } as const;

/** An entry of a checkbox list as the browser posts it back (its Name is ignored). */
export const checkedInputSchema = {
  type: 'object',
  required: ['Id', 'IsChecked'],
  properties: { Id: rowIdSchema, IsChecked: { type: 'boolean' } },
} as const;

export const checkedInputListSchema = {
  type: 'array',
  maxItems: 10_000,
  items: checkedInputSchema,
} as const;

export const rowIdListSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 10_000,
  uniqueItems: true,
  items: rowIdSchema,
} as const;

/** An entry that is only named: `{ Id, Name }`. */
export const namedRefSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Id', 'Name'],
  properties: { Id: { type: 'integer' }, Name: { type: 'string' } },
} as const;

/** The browser's password digest: lowercase hex SHA-512 of the UTF-8 password. */
export const passwordDigestSchema = { type: 'string', pattern: '^[0-9a-f]{128}$' } as const;

/** The first properties of a user as it is read, the signed-in user or one administered. */
export const personProperties = {
  Id: { type: 'integer' },
  Name: { type: 'string' },
  FirstName: { type: 'string' },
  Surname: { type: 'string' },
  FullName: { type: 'string' },
  Email: { type: 'string' },
} as const;

export const personNameSchema = { type: 'string', maxLength: 100 } as const;
export const languageIdSchema = { type: ['string', 'null'], maxLength: 20 } as const;
export const fingerPrintSchema = { type: ['string', 'null'], maxLength: 200 } as const;

/** Answer of a save: Succeeded, and the given flags (or the saved row) saying what came of it. */
export const succeededResultSchema = <const Properties extends object>(properties: Properties) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['Succeeded'],
    properties: { Succeeded: { type: 'boolean' }, ...properties },
  }) as const;

/** Trimmed text of 1..max characters that is not only white space. */
export const requiredText = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;

/** An e-mail address, or empty. */
export const optionalEmailSchema = {
  type: 'string',
  maxLength: 256,
  pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
} as const;

/** Query options of the `odata/*` lists; the server's OData reader checks each one. */
export const odataQuerySchema = {
  type: 'object',
  additionalProperties: {
    anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
  },
} as const;

/**
 * `{ "@odata.count": n, "value": [...] }` with items of the given schema; `$select` may
 * leave fields out, so none is required of an item.
 */
export const odataPageSchema = <Item extends { properties: object }>(item: Item) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['value'],
    properties: {
      '@odata.count': { type: 'integer' },
      value: {
        type: 'array',
        items: { type: 'object', additionalProperties: false, properties: item.properties },
      },
    },
  }) as const;
