/**
 * Physical names of user tables, derived from ids only: a data source or field renamed in
 * the designer keeps its table and column, and no name a user typed ever reaches SQL.
 */

/** The schema that holds every user table. */
export const userTableSchema = 'udt';

/** `udt.t1000`: the table of data source 1000. */
export const tableOf = (dataSourceId: number) => `${userTableSchema}.t${dataSourceId}`;
/** `c7`: the column of field 7. */
export const columnOf = (fieldId: number) => `c${fieldId}`;

/** Names of a user table's constraints and indexes (unique within the schema). */
export const constraintNames = (dataSourceId: number) => ({
  primaryKey: `t${dataSourceId}_pkey`,
  /** The system id stays unique when a user field is the key. */
  idKey: `t${dataSourceId}_id_key`,
  check: (column: string) => `t${dataSourceId}_${column}_check`,
  unique: (column: string) => `t${dataSourceId}_${column}_key`,
  index: (column: string) => `t${dataSourceId}_${column}_idx`,
});

/** The system columns every user table has, by their API field. */
export const systemColumns = {
  Id: 'id',
  CreatedAt: 'created_at',
  CreatedBy: 'created_by',
  UpdatedAt: 'updated_at',
  UpdatedBy: 'updated_by',
  Version: 'version',
} as const;
