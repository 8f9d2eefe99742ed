import {
  columnFilteringFeature,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type CellContext,
} from '@tanstack/react-table';
import type { GridColumn } from '#metadata';
import type { GridRow } from './grid-context';

/** Each data column carries its metadata; display columns (selection, actions) carry none. */
export interface GridColumnMeta {
  column?: GridColumn;
}

/**
 * The TanStack features the grid uses. Sorting, filtering and paging are all done by the
 * server: the table only holds their state and the row selection.
 */
export const gridFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<GridColumnMeta>(),
});

export type GridFeatures = typeof gridFeatures;
export type GridCellContext = CellContext<GridFeatures, GridRow, unknown>;
