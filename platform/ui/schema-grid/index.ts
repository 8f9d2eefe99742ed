export type {
  ColumnFilter as GridColumnFilter,
  FieldFilter as GridFieldFilter,
  TextOperator as GridTextOperator,
} from './column-filter';
export type { FetchValues } from './filter-popover/filter-popover';
export type { CellRenderer } from './grid-context';
export { CellSaveError, type InlineEditing } from './inline-edit';
export {
  buildODataRequest,
  combinedFilter,
  odataFilter,
  odataLiteral,
  odataOrderBy,
  type GridQuery,
  type ODataRequest,
} from './odata-request';
export { SchemaGrid, type RowUpdate, type SchemaGridProps } from './schema-grid';
export type { FilterValueRenderer } from './grid-context';
export type { GridPersistence } from './use-grid-state';
export type { FetchOptions, RowPage } from './use-grid-data';
export { intlLocale } from './format-value';
export { FilterIcon } from './icons';
