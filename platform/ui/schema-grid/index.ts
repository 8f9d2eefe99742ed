export type {
  ColumnFilter as GridColumnFilter,
  FieldFilter as GridFieldFilter,
  TextOperator as GridTextOperator,
} from './column-filter';
export type { FetchValues } from './filter-popover/filter-popover';
export type { CellRenderer } from './grid-context';
export {
  buildODataRequest,
  odataFilter,
  odataLiteral,
  odataOrderBy,
  type GridQuery,
  type ODataRequest,
} from './odata-request';
export { SchemaGrid, type SchemaGridProps } from './schema-grid';
export type { FetchOptions, RowPage } from './use-grid-data';
