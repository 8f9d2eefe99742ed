import type {
  ColumnFiltersState,
  OnChangeFn,
  PaginationState,
  SortingState,
  Updater,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef } from 'react';
import type { GridPage, SortKey } from '#metadata';
import { useFreshState } from '../storage/fresh-storage';
import { isColumnFilterOf, type ColumnFilter, type FieldFilter } from './column-filter';
import { buildODataRequest, combinedFilter, odataFilter, type ODataRequest } from './odata-request';

/** Spec: 20 rows a page unless the list says otherwise. */
export const defaultPageSize = 20;

/** Keeps a grid's sort, filters and page in this browser, restored while fresh enough. */
export interface GridPersistence {
  /** The localStorage key. */
  key: string;
  /** Older state is dropped on load (the deliveries' home grid: 8 hours). */
  maxAgeMs: number;
}

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
  /** The `$filter` of every filter but the column's own, for its value list. */
  filterWithout(field: string): string | undefined;
}

interface SavedGridState {
  sorting: SortingState;
  columnFilters: ColumnFiltersState;
  pagination: PaginationState;
  defaultFilterOn: boolean;
}

/**
 * Whether a kept state fits this page: every sort key a sortable column of it, every column
 * filter a whole filter of a filterable column's kind. Anything else (an older release's
 * state, another page's) is dropped rather than sent to the server or crashing the grid.
 */
const isSavedGridState = (page: GridPage) => {
  const columns = new Map(page.Columns.map((column) => [column.Field, column]));
  return (value: unknown): value is SavedGridState => {
    const saved = value as Partial<SavedGridState> | null;
    if (
      typeof saved !== 'object' ||
      saved === null ||
      !Array.isArray(saved.sorting) ||
      !Array.isArray(saved.columnFilters) ||
      typeof saved.pagination?.pageIndex !== 'number' ||
      typeof saved.pagination.pageSize !== 'number' ||
      !Number.isInteger(saved.pagination.pageIndex) ||
      saved.pagination.pageIndex < 0 ||
      !Number.isInteger(saved.pagination.pageSize) ||
      saved.pagination.pageSize < 1 ||
      typeof saved.defaultFilterOn !== 'boolean'
    ) {
      return false;
    }
    const sortsOk = saved.sorting.every((key: unknown) => {
      const { id, desc } = (key ?? {}) as { id?: unknown; desc?: unknown };
      const column = typeof id === 'string' ? columns.get(id) : undefined;
      return column !== undefined && column.Sortable !== false && typeof desc === 'boolean';
    });
    const filtersOk = saved.columnFilters.every((filter: unknown) => {
      const { id, value: kept } = (filter ?? {}) as { id?: unknown; value?: unknown };
      const column = typeof id === 'string' ? columns.get(id) : undefined;
      return column !== undefined && column.Filterable !== false && isColumnFilterOf(column, kept);
    });
    return sortsOk && filtersOk;
  };
};

const apply = <T>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/**
 * The server-side state of a grid (sort, filters, page) and the request it makes. Sorting
 * or filtering goes back to the first page, and so does a change of `filtersKey` (the app's
 * own filters outside the grid). The page's default filter is a filter like the others: it
 * is ANDed to the column filters until the user removes it, and can be put back. With
 * `persistence` the state is kept in the browser and restored while fresh.
 */
export function useGridState(
  page: GridPage,
  options: { persistence?: GridPersistence; filtersKey?: unknown } = {},
): GridState {
  const { persistence } = options;
  const [saved, setSaved] = useFreshState<SavedGridState>(
    persistence?.key,
    {
      sorting: [],
      columnFilters: [],
      pagination: {
        pageIndex: 0,
        pageSize: page.PageSize > 0 ? page.PageSize : defaultPageSize,
      },
      defaultFilterOn: true,
    },
    persistence?.maxAgeMs ?? 0,
    isSavedGridState(page),
  );
  const { sorting, columnFilters, pagination, defaultFilterOn } = saved;
  const firstPage = (state: PaginationState) =>
    state.pageIndex === 0 ? state : { ...state, pageIndex: 0 };

  const filtersKey = JSON.stringify(options.filtersKey ?? null);
  const lastFiltersKey = useRef(filtersKey);
  useEffect(() => {
    if (lastFiltersKey.current === filtersKey) return;
    lastFiltersKey.current = filtersKey;
    setSaved((old) => ({ ...old, pagination: firstPage(old.pagination) }));
  }, [filtersKey, setSaved]);

  const defaultFilter = defaultFilterOn && page.DefaultFilter ? page.DefaultFilter : null;
  const sort = useMemo<readonly SortKey[]>(
    () =>
      sorting.length > 0
        ? sorting.map(({ id, desc }) => ({ Field: id, Desc: desc }))
        : page.DefaultSort,
    [sorting, page.DefaultSort],
  );
  const fieldFilters = useMemo(() => {
    const types = new Map(page.Columns.map((column) => [column.Field, column.Type]));
    return columnFilters.flatMap(({ id, value }): FieldFilter[] => {
      const type = types.get(id);
      return type ? [{ field: id, type, filter: value as ColumnFilter }] : [];
    });
  }, [page.Columns, columnFilters]);
  const request = useMemo(
    () => buildODataRequest({ ...pagination, sort, filters: fieldFilters, defaultFilter }),
    [fieldFilters, pagination, sort, defaultFilter],
  );

  return {
    sorting,
    onSortingChange: (updater) =>
      setSaved((old) => ({
        ...old,
        sorting: apply(updater, old.sorting),
        pagination: firstPage(old.pagination),
      })),
    columnFilters,
    onColumnFiltersChange: (updater) =>
      setSaved((old) => ({
        ...old,
        columnFilters: apply(updater, old.columnFilters),
        pagination: firstPage(old.pagination),
      })),
    pagination,
    onPaginationChange: (updater) =>
      setSaved((old) => ({ ...old, pagination: apply(updater, old.pagination) })),
    sort,
    defaultFilter,
    clearDefaultFilter: () =>
      setSaved((old) => ({
        ...old,
        defaultFilterOn: false,
        pagination: firstPage(old.pagination),
      })),
    restoreDefaultFilter:
      page.DefaultFilter && !defaultFilterOn
        ? () =>
            setSaved((old) => ({
              ...old,
              defaultFilterOn: true,
              pagination: firstPage(old.pagination),
            }))
        : undefined,
    request,
    filterWithout: (field) =>
      combinedFilter(
        defaultFilter,
        odataFilter(fieldFilters.filter((filter) => filter.field !== field)),
      ),
  };
}
