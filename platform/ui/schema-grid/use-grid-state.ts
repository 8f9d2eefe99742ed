import type {
  ColumnFiltersState,
  OnChangeFn,
  PaginationState,
  SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { GridPage, SortKey } from '#metadata';
import type { ColumnFilter, FieldFilter } from './column-filter';
import { buildODataRequest, type ODataRequest } from './odata-request';

/** Spec: 20 rows a page unless the list says otherwise. */
export const defaultPageSize = 20;

export interface GridState {
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  columnFilters: ColumnFiltersState;
  onColumnFiltersChange: OnChangeFn<ColumnFiltersState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  /** The order the rows are in: the user's sort keys, else the page's default sort. */
  sort: readonly SortKey[];
  /** The page's default filter while it applies (until the user removes it). */
  defaultFilter: string | null;
  clearDefaultFilter(): void;
  /** Puts back the default filter the user removed; undefined when there is none to put back. */
  restoreDefaultFilter?: () => void;
  request: ODataRequest;
}

/**
 * The server-side state of a grid (sort, filters, page) and the request it makes. Sorting
 * or filtering goes back to the first page. The page's default filter is a filter like the
 * others: it is ANDed to the column filters until the user removes it, and can be put back.
 */
export function useGridState(page: GridPage): GridState {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: page.PageSize > 0 ? page.PageSize : defaultPageSize,
  });
  const [defaultFilterOn, setDefaultFilterOn] = useState(true);
  const toFirstPage = () =>
    setPagination((old) => (old.pageIndex === 0 ? old : { ...old, pageIndex: 0 }));

  const defaultFilter = defaultFilterOn && page.DefaultFilter ? page.DefaultFilter : null;
  const sort = useMemo<readonly SortKey[]>(
    () =>
      sorting.length > 0
        ? sorting.map(({ id, desc }) => ({ Field: id, Desc: desc }))
        : page.DefaultSort,
    [sorting, page.DefaultSort],
  );
  const request = useMemo(() => {
    const types = new Map(page.Columns.map((column) => [column.Field, column.Type]));
    const filters = columnFilters.flatMap(({ id, value }): FieldFilter[] => {
      const type = types.get(id);
      return type ? [{ field: id, type, filter: value as ColumnFilter }] : [];
    });
    return buildODataRequest({ ...pagination, sort, filters, defaultFilter });
  }, [page.Columns, columnFilters, pagination, sort, defaultFilter]);

  return {
    sorting,
    onSortingChange: (updater) => {
      setSorting(updater);
      toFirstPage();
    },
    columnFilters,
    onColumnFiltersChange: (updater) => {
      setColumnFilters(updater);
      toFirstPage();
    },
    pagination,
    onPaginationChange: setPagination,
    sort,
    defaultFilter,
    clearDefaultFilter: () => {
      setDefaultFilterOn(false);
      toFirstPage();
    },
    restoreDefaultFilter:
      page.DefaultFilter && !defaultFilterOn
        ? () => {
            setDefaultFilterOn(true);
            toFirstPage();
          }
        : undefined,
    request,
  };
}
