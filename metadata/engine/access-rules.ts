import type { FromSchema } from 'json-schema-to-ts';

/**
 * Row and field rules of one data source (built-in or user-defined), per role, on top of its
 * read/create/update/delete permissions. `GET api/dataSources/{id}/accessRules` and
 * `PUT api/dataSources/{id}/accessRules` (ManageDataSources).
 *
 * Row rules: each names roles (by id) and an OData `$filter` over the data source's fields for
 * reading and one for writing; the filters may use the variables `$CurrentUser` (the caller's
 * user id), `$CurrentUserUnits` (the ids of the caller's units, with `in`) and
 * `$CurrentCompany` (the caller's company id; a caller without one matches nothing). A caller
 * holding several ruled roles reaches the rows any of their rules allows (a rule with a null
 * filter allows all). A caller holding none of the roles the row rules name (an administrator
 * too: rules follow roles, not the administrator flag; a signed-out caller also) is bound by the
 * everyone-else rule, `OthersRule`; without one (null or absent: rules stored before it
 * existed) they are not restricted. Jobs of the installation itself are never restricted.
 * The server applies the read filter everywhere rows go (lists, counts, value lists, single
 * reads, exports, streams: a row outside it is absent, 404) and the write filter to the row
 * before and after a save and before a delete (outside it: 403).
 *
 * Field rules: a field hidden from roles never appears in any answer to their holders; a
 * read-only one is shown but not written. A caller is bound by a field rule when they hold
 * any of its roles.
 */

const maxId = 2_147_483_647;
const roleIds = {
  type: 'array',
  maxItems: 100,
  uniqueItems: true,
  items: { type: 'integer', minimum: 1, maximum: maxId },
} as const;
const filter = { type: ['string', 'null'], maxLength: 2000 } as const;

export const rowRuleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['RoleIds', 'Read', 'Write'],
  properties: {
    RoleIds: { ...roleIds, minItems: 1 },
    Read: filter,
    Write: filter,
  },
} as const;
export type RowRule = FromSchema<typeof rowRuleSchema>;

/**
 * The rule of every caller holding no role a row rule names ("everyone else"): the rows they
 * read and change, as a row rule's filters.
 *
 * @example { Read: 'false', Write: null } // only the named roles read any row
 */
export const othersRuleSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['Read', 'Write'],
  properties: { Read: filter, Write: filter },
} as const;
export type OthersRule = FromSchema<typeof othersRuleSchema>;

export const fieldRuleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Field', 'HiddenFor', 'ReadOnlyFor'],
  properties: {
    /** A top-level field of the data source (not its key or Version). */
    Field: { type: 'string', minLength: 1, maxLength: 100 },
    HiddenFor: roleIds,
    ReadOnlyFor: roleIds,
  },
} as const;
export type FieldRule = FromSchema<typeof fieldRuleSchema>;

export const accessRulesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['RowRules', 'FieldRules'],
  properties: {
    RowRules: { type: 'array', maxItems: 50, items: rowRuleSchema },
    /** The everyone-else rule; null or absent: a caller no row rule names is not restricted. */
    OthersRule: othersRuleSchema,
    FieldRules: { type: 'array', maxItems: 200, items: fieldRuleSchema },
    /** The data source's Version as read (a stale save is a 409); answered by GET. */
    Version: { type: 'integer', minimum: 0, maximum: maxId },
  },
} as const;
export type AccessRules = FromSchema<typeof accessRulesSchema>;

/**
 * The rules as `GET` (and a successful `PUT`) answers them: with the everyone-else rule (null
 * when none), the Version, and the roles that may read the data source (whose own permissions,
 * or administrator flag, pass its read permission), for designers to see which roles the rules
 * leave unrestricted.
 */
export const accessRulesViewSchema = {
  ...accessRulesSchema,
  required: ['RowRules', 'OthersRule', 'FieldRules', 'Version', 'ReaderRoleIds'],
  properties: {
    ...accessRulesSchema.properties,
    ReaderRoleIds: { type: 'array', items: { type: 'integer', minimum: 1, maximum: maxId } },
  },
} as const;
export type AccessRulesView = FromSchema<typeof accessRulesViewSchema>;

/** The variables a rule's filter may use, and what each stands for. */
export const accessRuleVariables = [
  '$CurrentUser',
  '$CurrentUserUnits',
  '$CurrentCompany',
] as const;
