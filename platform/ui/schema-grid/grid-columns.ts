import { createColumnHelper, type ColumnDef, type FilterFn } from '@tanstack/react-table';
import type { GridColumn } from '#metadata';
import { DataCell, SelectCell } from './cells';
import { isEmptyFilter, type ColumnFilter } from './column-filter';
import type { GridRow } from './grid-context';
import type { GridFeatures } from './grid-features';
import { RowActionsCell } from './row-actions';

export const selectColumnId = '__select';
export const actionsColumnId = '__actions';

const helper = createColumnHelper<GridFeatures, GridRow>();

/**
 * The server filters; on the table a filter only marks its column as filtered and is
 * dropped when it asks nothing (a cleared popup).
 */
const serverFilter: FilterFn<GridFeatures, GridRow> = Object.assign(() => true, {
  autoRemove: (value: unknown) => isEmptyFilter(value as ColumnFilter | undefined),
});

/** TanStack columns of a grid page: selection, the data columns in Order, then row actions. */
export function buildColumns(
  columns: readonly GridColumn[],
  options: { selectable: boolean; withActions: boolean },
): ColumnDef<GridFeatures, GridRow, unknown>[] {
  const data = [...columns]
    .sort((a, b) => a.Order - b.Order)
    .map((column) =>
      helper.accessor((row) => row[column.Field], {
        id: column.Field,
        enableSorting: column.Sortable !== false,
        enableColumnFilter: column.Filterable !== false,
        filterFn: serverFilter,
        meta: { column },
        cell: DataCell,
      }),
    );
  return [
    ...(options.selectable ? [helper.display({ id: selectColumnId, cell: SelectCell })] : []),
    ...data,
    ...(options.withActions ? [helper.display({ id: actionsColumnId, cell: RowActionsCell })] : []),
  ];
}
