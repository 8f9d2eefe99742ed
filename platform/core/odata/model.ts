/**
 * What an OData list may be queried by: its fields with their types, and its collections
 * (arrays of items, e.g. a user's Roles) that `any`/`all` can range over. The server checks
 * every field and function of a query against this before any SQL is built.
 */
export type ODataFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime';

export interface ODataField {
  type: ODataFieldType;
  nullable: boolean;
  sortable: boolean;
  filterable: boolean;
}

export interface ODataCollection {
  fields: Readonly<Record<string, ODataField>>;
  /** False when `any`/`all` may not range over it (default true). */
  filterable?: boolean;
}

export interface ODataModel {
  fields: Readonly<Record<string, ODataField>>;
  collections: Readonly<Record<string, ODataCollection>>;
}

/** Limits that keep a query cheap to parse and to run; over a limit is a 400. */
export interface ODataLimits {
  /** Largest `$top` (default 1000). */
  maxTop: number;
  /** Largest number of nodes in a `$filter` tree (default 100). */
  maxFilterNodes: number;
  /** Deepest nesting of a `$filter` (default 20; at most 100, see `maxFilterDepthCap`). */
  maxFilterDepth: number;
  /** Longest text of any query option (default 4000 characters). */
  maxOptionLength: number;
}

export const defaultODataLimits: ODataLimits = {
  maxTop: 1000,
  maxFilterNodes: 100,
  maxFilterDepth: 20,
  maxOptionLength: 4000,
};

/** A larger `maxFilterDepth` is taken as this: deeper recursion could exhaust the stack. */
export const maxFilterDepthCap = 100;

/**
 * The variables a filter may use, by name (`$` and a name), and their types: none in a
 * client's `$filter`; a rule's filter gets them from whoever parses it. A variable is never
 * null in the filter's logic: whoever builds the SQL decides what an unbound one means.
 *
 * @example parseFilter('UnitId in $CurrentUserUnits', model, {}, 'Read', { $CurrentUserUnits: { type: 'integer', list: true } })
 */
export type FilterVariables = Readonly<Record<string, { type: ODataFieldType; list: boolean }>>;
