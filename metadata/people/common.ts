/** Building blocks shared by the people schemas (users, roles, groups, companies, permissions). */

export const maxRowId = 2_147_483_647;

export const rowIdSchema = { type: 'integer', minimum: 1, maximum: maxRowId } as const;

/** An id in a path; 0 asks for the blank template of a new row where a call offers one. */
export const idParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 0, maximum: maxRowId } },
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

/** Trimmed text of 1..max characters that is not only white space. */
export const requiredText = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' }) as const;

/** An e-mail address, or empty. */
export const optionalEmailSchema = {
  type: 'string',
  maxLength: 256,
  pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
} as const;

/**
 * Query options of the `odata/*` lists for now: `$top`, `$skip`, `$orderby`, `$count`. They
 * are checked by the server's list query reader, which names any option it does not know.
 */
export const odataQuerySchema = { type: 'object' } as const;

export const maxODataTop = 500;

/** `{ "@odata.count": n, "value": [...] }` with items of the given schema. */
export const odataPageSchema = <Item>(item: Item) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['@odata.count', 'value'],
    properties: {
      '@odata.count': { type: 'integer' },
      value: { type: 'array', items: item },
    },
  }) as const;
