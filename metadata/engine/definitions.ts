/**
 * The shapes of the metadata engine: data sources (what a table holds, as JSON Schema) and
 * grid pages (how a list of it is shown and edited). Built-in entities are literals of these
 * shapes in `metadata/entities/`; they are loaded into the `data_sources` and `grid_pages`
 * tables at start-up, and the browser and server engines read only those tables.
 */

/** A JSON Schema, as plain serialisable data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** An RJSF uiSchema (plain JSON: `ui:widget`, `ui:order`, `ui:options`, ... per field). */
export type FormDefinition = { readonly [key: string]: unknown };

export const columnTypes = [
  'string',
  'integer',
  'number',
  'boolean',
  'date',
  'datetime',
  /** An array of named items (roles, groups), shown joined by the list separator. */
  'list',
] as const;
export type ColumnType = (typeof columnTypes)[number];

export const rowActionTypes = ['Edit', 'View', 'Delete', 'Open'] as const;
export type RowActionType = (typeof rowActionTypes)[number];

export const gridActionTypes = ['New', 'Redirect'] as const;
export type GridActionType = (typeof gridActionTypes)[number];

/**
 * One column of a grid page. `Format` depends on `Type`: a date pattern for date and
 * datetime (`DD/MM/YYYY`, `DD/MM/YYYY hh:mm A`), the number of decimals for number
 * (`0.0`), `yesno` or `check` for boolean; null takes the type's default.
 */
export interface GridColumn {
  Id: number;
  Field: string;
  Title: string;
  Format: string | null;
  Type: ColumnType;
  Order: number;
  /** False when the column cannot be sorted (default true). */
  Sortable?: boolean;
  /** False when the column has no filter (default true). */
  Filterable?: boolean;
  /** Column width in px; absent lets the grid decide. */
  Width?: number;
  /**
   * The fields the column's filter popup filters in place of its own, each by its type: a
   * weather column filters the temperature and the wind speed it shows.
   */
  FilterFields?: GridFilterField[];
  /** The filter is a pick from the column's values only (codes such as a state): no text. */
  FilterByValuesOnly?: boolean;
}

/** A field filtered from another column's popup (see `GridColumn.FilterFields`). */
export interface GridFilterField {
  Field: string;
  Title: string;
  Type: ColumnType;
}

/**
 * A button above the grid (`New` opens the detail with id 0, `Redirect` goes to
 * `UrlToRedirect`), or on each row (`Edit`, `View`, `Delete`, `Open` = go to
 * `UrlToRedirect` with `{id}` replaced by the row's key). `Permission` hides it from
 * users who may not use it; the server checks again.
 */
export interface GridAction<Type extends string = GridActionType> {
  Id: number;
  Title: string;
  Type: Type;
  UrlToRedirect: string | null;
  Order: number;
  Permission?: string;
}
export type GridRowAction = GridAction<RowActionType>;

export interface SortKey {
  Field: string;
  Desc: boolean;
}

/** A grid page as the server stores and serves it (`api/grids/{id}`, `odata/GridPagesOData`). */
export interface GridPage {
  Id: number;
  PageTitle: string;
  DataSourceId: number;
  DataSourceName: string;
  /** The change log's EntityType of the data source's rows. */
  EntityType: string;
  PkField: string;
  SchemaDefinition: JsonSchema;
  FormDefinition: FormDefinition | null;
  Columns: GridColumn[];
  Actions: GridAction[];
  RowActions: GridRowAction[];
  /** Rows per page (spec: 20 unless a list says otherwise). */
  PageSize: number;
  DefaultSort: SortKey[];
  /** An OData `$filter` applied until the user changes the filters (e.g. `Active eq true`). */
  DefaultFilter: string | null;
  /** What the default filter means, as a translation key (e.g. `GRID.ACTIVE_ONLY`). */
  DefaultFilterTitle: string | null;
  /**
   * The page on a narrow frame (a phone): each row as a card of these column fields, in order,
   * the first its heading. Absent or empty: the table, whatever the width.
   */
  CardFields?: string[];
  /** Where the rows come from, e.g. `/odata/UnitsOData`. */
  ListUrl: string;
  /** Detail route with `{id}` and optionally `{mode}`, e.g. `/admin/units/{id}`. */
  DetailUrl: string | null;
  /** The calls that read, save and delete one row of the page's data source. */
  Api: EntityApi;
  /**
   * Who may see the page, as a permission expression; '' leaves it to the data source's read
   * permission. The server checks it on the page, its rows, value lists and export.
   */
  Permission: string;
  IsSystem: boolean;
  Version: number;
}

/**
 * The calls for one row: `Get` and `Delete` hold `{id}`; `Save` takes the row as JSON
 * (id 0 creates). Delete is null when rows are not deleted (e.g. units are deactivated).
 */
export interface EntityApi {
  Get: string;
  Save: string;
  Delete: string | null;
}

/** A data source as the server stores and serves it (`api/dataSources/{id}`). */
export interface DataSource {
  Id: number;
  Name: string;
  IsVirtual: boolean;
  PrimaryKeyField: string;
  SchemaDefinition: JsonSchema;
  FormDefinition: FormDefinition | null;
  IsSystem: boolean;
  Version: number;
}

/**
 * How a field is stored: a column of the entity's table; columns joined by a separator (empty
 * ones skipped, the whole falling back to `fallback` when all are empty); a value looked up in
 * another table through a foreign key of this one; how many rows of a link table name this
 * row (`UsersNum`); whether a column is below a limit (`IsSystem`: id under 1000); whether
 * any item of one of the row's collections holds true in a field (`IsAdmin`: a user with an
 * administrator role); the name of a coded column's value (`ActionTypeText`: 1 is
 * `Update`, see CodedStorage); or whether the row is linked to the calling user (`Mine`, see
 * CallerLink). Every
 * form but a plain column is computed: read, filtered and sorted by the same SQL, never written.
 */
export type FieldStorage =
  | string
  | ConcatStorage
  | { lookup: LookupStorage }
  | { count: { table: string; ownerColumn: string } }
  | { below: { column: string; limit: number } }
  | { anyItem: { collection: string; field: string } }
  | { coded: CodedStorage }
  | { callerLink: CallerLink };

/** The `Name` of the entry of `names` whose `Id` the integer `column` holds, else `other`. */
export interface CodedStorage {
  column: string;
  names: readonly { Id: number; Name: string }[];
  other: string;
}

/** Columns joined by a separator, empty ones skipped, all empty falling back to `fallback`. */
export interface ConcatStorage {
  concat: readonly string[];
  separator: string;
  fallback?: string;
}

/**
 * A column of another table (`column` of `table`), or its columns joined (a user's full name),
 * found by its `key` from `foreignKey`.
 */
export interface LookupStorage {
  table: string;
  key: string;
  column: string | ConcatStorage;
  foreignKey: string;
}

/**
 * 1 when a row of `table` links this row's `foreignKey` (in `column`) to the calling user (in
 * `userColumn`), else 0: a delivery is Mine when its unit is one of the caller's units. The
 * engine binds `userId` per call; unbound (signed out), it is 0.
 */
export interface CallerLink {
  table: string;
  column: string;
  userColumn: string;
  foreignKey: string;
  userId?: number | null;
}

/**
 * A field holding many named items through a link table (a user's Roles): rows of
 * `itemTable` whose `itemKey` is in `through.itemColumn` where `through.ownerColumn` is this
 * row's key. `columns` maps the item's fields to `itemTable` columns.
 */
export interface CollectionStorage {
  through: { table: string; ownerColumn: string; itemColumn: string };
  itemTable: string;
  itemKey: string;
  columns: Readonly<Record<string, string>>;
  /**
   * Written from a payload as a checkbox list: items `{ Id, IsChecked }` add or remove links,
   * items left out keep theirs. The change log shows the items by their `Name` column.
   */
  checked?: boolean;
  /**
   * How an item is linked: a row of `through.table` (`table`, the default), or the item's own
   * column `through.ownerColumn` (`column`: `through.table` is then `itemTable` and
   * `through.itemColumn` its key), so an item has one owner at most (a user's company);
   * adding an item sets its column, removing it clears it.
   */
  link?: 'table' | 'column';
}

/**
 * Rows of another table that belong to this row alone (a company's contacts): read with the
 * row, replaced as a whole when a payload carries the field, deleted with the row (by the
 * table's foreign key). `columns` maps the child's fields to columns; the child's key field
 * is read, never written; `orderColumn` keeps the order the payload gave.
 */
export interface ChildRowsStorage {
  table: string;
  key: string;
  ownerColumn: string;
  orderColumn: string;
  columns: Readonly<Record<string, string>>;
}

/**
 * Where a virtual data source lives in the database. Field names are those of the schema;
 * a schema field without storage cannot be filtered or sorted. The server never reads or
 * writes a column not named here, so secrets (password hashes, tickets) stay out of reach.
 */
export interface EntityStorage {
  table: string;
  key: string;
  versionColumn: string;
  fields: Readonly<Record<string, FieldStorage>>;
  /**
   * Plain-column fields with few distinct values (sites, mixes, states: not names of people or
   * ids) and a btree index that leads with their column in the engine's order (`nulls first`):
   * a value list walks that index from one distinct value to the next (a skip scan) instead
   * of reading every matching row, so it stays quick on a large table.
   */
  indexedFields?: readonly string[];
  collections?: Readonly<Record<string, CollectionStorage>>;
  children?: Readonly<Record<string, ChildRowsStorage>>;
  /**
   * Write-only fields kept in a column as what the entity's `sealSecret` hook makes of them (a
   * password as its slow hash): never read, never answered, logged only as changed.
   */
  secrets?: Readonly<Record<string, string>>;
  /** Columns of type jsonb: their values are written as JSON. */
  jsonColumns?: readonly string[];
  /**
   * Columns the engine stamps on every write: who created the row (on insert), when and by
   * whom it last changed. Stamps are not change-logged (the log has its own time and user).
   */
  stamps?: { createdBy: string; updatedAt: string; updatedBy: string };
}

/** Permission expressions per action; the server checks them on every call. */
export interface EntityPermissions {
  read: string;
  create: string;
  update: string;
  delete: string;
}

/**
 * A built-in entity: everything the engine needs to list, show, validate, save and audit
 * it. `schema` is the row as the API reads and writes it; properties marked `readOnly` are
 * never written from a payload.
 */
export interface EntityDefinition {
  /** Stable id of the system data source and of its grid page (below 1000). */
  id: number;
  /** Data source name, also the OData entity set: `odata/{name}OData`. */
  name: string;
  /** The change log's EntityType. */
  entityType: string;
  schema: JsonSchema;
  form: FormDefinition;
  permissions: EntityPermissions;
  storage: EntityStorage;
  /**
   * Screens (react-router patterns): the list, and the detail with `:id` (and `:mode`). A module's
   * own screen may draw either (`listScreen`, `detailScreen`: registered screen names) in place
   * of the engine's `entityGrid` and `entityDetail`; an explicit route on the same path wins.
   */
  screens: { list: string; detail: string | null; listScreen?: string; detailScreen?: string };
  /** The row calls; absent, the generic `api/dataSources/{id}/data` calls serve the rows. */
  api?: EntityApi;
  /** Fields whose value must be unique (checked by `api/check/IsUnique{field}` and on save). */
  unique?: readonly string[];
  grid: Omit<
    GridPage,
    | 'Id'
    | 'DataSourceId'
    | 'DataSourceName'
    | 'EntityType'
    | 'PkField'
    | 'SchemaDefinition'
    | 'FormDefinition'
    | 'IsSystem'
    | 'Version'
    | 'Api'
    | 'Permission'
  >;
}

/** Ids below this are system data sources and grid pages; user-defined ones start here. */
export const firstUserDefinitionId = 1000;
