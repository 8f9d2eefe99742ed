import {
  Box,
  Button,
  Group,
  Loader,
  LoadingOverlay,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTable } from '@tanstack/react-table';
import { useEffect, useEffectEvent, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridAction, GridPage, GridRowAction } from '#metadata';
import { CardList } from './card-list';
import type { FetchValues } from './filter-popover/filter-popover';
import { GridBody, virtualRowThreshold } from './grid-body';
import { buildColumns } from './grid-columns';
import {
  actionsColumnWidth,
  ColumnGroup,
  compactGridQuery,
  longPageMaxHeight,
  tableLayout,
} from './table-layout';
import {
  GridContext,
  type CellRenderer,
  type FilterValueRenderer,
  type GridRow,
} from './grid-context';
import { gridFeatures } from './grid-features';
import { GridHead } from './grid-head';
import { GridToolbar } from './grid-toolbar';
import type { ODataRequest } from './odata-request';
import { Pager, pageSizeOptions } from './pager';
import classes from './schema-grid.module.css';
import { useGridData, type FetchOptions, type RowPage } from './use-grid-data';
import { useColumnWidths } from './use-column-widths';
import { useGridState, type GridPersistence } from './use-grid-state';
import type { InlineEditing } from './inline-edit';
import { useInlineEdit } from './use-inline-edit';
import { useNarrowFrame } from './use-narrow-frame';
import { useRowSelection } from './use-row-selection';
import { SortSelect } from './sort-select';

export interface SchemaGridProps<Row extends object> {
  /** Columns, actions, page size, default sort and filter, key field. */
  page: GridPage;
  /**
   * Loads one page; the grid builds the request, the app sends it. The signal aborts when
   * the grid no longer wants the page (a newer request replaced it, or the grid went away).
   */
  fetchRows(request: ODataRequest, options: FetchOptions): Promise<RowPage<Row>>;
  /** Distinct values of a text column containing `search`, for its filter's value list. */
  fetchValues?: FetchValues;
  /** Whether the user may use an action with this permission (undefined: anyone may). */
  can(permission: string | undefined): boolean;
  /** A grid action (no row) or a row action was chosen; Delete is confirmed by the app. */
  onAction(action: GridAction | GridRowAction, row?: Row): void;
  /** Adds a checkbox per row and a select-all of the page. */
  selectable?: boolean;
  /** The selected rows of the page; a new page starts with none. */
  onSelectionChange?(rows: Row[]): void;
  /** Changing it loads the page again (after a save or a delete). */
  refreshKey?: unknown;
  /** Custom cells by field (from a cell registry); others are formatted by column type. */
  renderCell?: Partial<Record<string, CellRenderer<Row>>>;
  /** Whether a row offers a row action (a built-in row no Delete); every row all without it. */
  rowActionOffered?(action: GridRowAction, row: Row): boolean;
  /**
   * Height at which the rows scroll under the sticky header. By default a page shows all its
   * rows in the page's own scroll, and only long (virtualised) pages scroll within `70vh`.
   */
  maxHeight?: number | string;
  /** Keeps sort, filters and page in the browser, restored on load while fresh. */
  persistence?: GridPersistence;
  /** The app's own filters outside the grid, as a value: a change reloads from the first page. */
  filtersKey?: unknown;
  /** Page sizes offered (default: the engine's choices plus the page's own). */
  pageSizes?: readonly number[];
  /** The app's own controls beside the grid's actions (export, switches). */
  toolbar?: ReactNode;
  /** Shown in place of "No Results Found!" when no row matches. */
  emptyMessage?: ReactNode;
  /** Opens a row: clicking it or Enter on it (controls inside the row keep their own). */
  onRowClick?(row: Row): void;
  /** Values the server changed since the page loaded, by row id: shown in place, highlighted. */
  rowUpdates?: ReadonlyMap<string, RowUpdate<Row>>;
  /** How a value-list filter shows a field's values, by field. */
  renderFilterValue?: Partial<Record<string, FilterValueRenderer>>;
  /** Names a row for screen readers (its checkbox, its actions); default: its first text column. */
  nameRow?(row: Row): string;
  /** Hears the request of the page shown (the app may fetch the same rows otherwise: a map). */
  onRequestChange?(request: ODataRequest): void;
  /**
   * Edits simple fields in their cells (double-click, Enter or F2 on a cell; Enter or leaving
   * saves, Escape cancels): those the page's schema types as text, number, boolean, day or
   * enum and does not mark `readOnly`. Off unless given.
   */
  inlineEdit?: InlineEditing<Row>;
}

/** New values of a row pushed by the server, and when they came (ms since the epoch). */
export interface RowUpdate<Row> {
  values: Partial<Row>;
  at: number;
}

/** The page's rows with the values pushed since it loaded. */
function withUpdates(
  rows: GridRow[],
  pkField: string,
  updates: ReadonlyMap<string, RowUpdate<GridRow>> | undefined,
): GridRow[] {
  if (!updates || updates.size === 0) return rows;
  return rows.map((row) => {
    const update = updates.get(String(row[pkField]));
    return update ? { ...row, ...update.values } : row;
  });
}

const byOrder = <T extends { Order: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.Order - b.Order);

type GridStatus = 'loading' | 'failed' | 'empty';

function GridMessage({
  status,
  onRetry,
  empty,
}: {
  status: GridStatus;
  onRetry(): void;
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  switch (status) {
    case 'failed':
      return (
        <Group justify="center" gap="sm" role="alert">
          <Text size="sm" c="red">
            {t('GRID.LOAD_ERROR')}
          </Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('GRID.RETRY')}
          </Button>
        </Group>
      );
    case 'loading':
      return (
        <Group justify="center" gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('GRID.LOADING')}</Text>
        </Group>
      );
    case 'empty':
      return empty ?? <Text size="sm">{t('GRID.NO_RESULTS')}</Text>;
  }
}

function GridView(props: SchemaGridProps<GridRow>) {
  const { page, can, selectable = false } = props;
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowFrame(frameRef);
  const state = useGridState(page, {
    persistence: props.persistence,
    filtersKey: props.filtersKey,
  });
  const data = useGridData(
    props.fetchRows,
    state.request,
    props.refreshKey,
    JSON.stringify(props.filtersKey ?? null),
  );
  const inline = useInlineEdit(page, data.rows, props.inlineEdit);
  const rows = useMemo(
    () => withUpdates(inline.rows, page.PkField, props.rowUpdates),
    [inline.rows, page.PkField, props.rowUpdates],
  );
  const reportRequest = useEffectEvent(() => props.onRequestChange?.(state.request));
  const requestKey = JSON.stringify(state.request);
  useEffect(() => reportRequest(), [requestKey]);
  const widths = useColumnWidths(page, data.rows);
  const compact = useMediaQuery(compactGridQuery) ?? false;
  const rowActions = byOrder(page.RowActions.filter((action) => can(action.Permission)));
  const gridActions = byOrder(page.Actions.filter((action) => can(action.Permission)));
  const withActions = rowActions.length > 0;
  const columns = useMemo(
    () => buildColumns(page.Columns, { selectable, withActions }),
    [page.Columns, selectable, withActions],
  );
  // A narrow frame draws the rows as cards when the page says which fields they show.
  const cardFields = useMemo(() => {
    const shown = new Set(page.Columns.map((column) => column.Field));
    return (page.CardFields ?? []).filter((field) => shown.has(field));
  }, [page.Columns, page.CardFields]);
  const cards = narrow && cardFields.length > 0;
  const rowId = (row: GridRow, index: number) => String(row[page.PkField] ?? index);
  const selection = useRowSelection(data.rows, rowId, props.onSelectionChange);

  const table = useTable({
    features: gridFeatures,
    columns,
    data: rows,
    getRowId: rowId,
    rowCount: data.count,
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableMultiSort: true,
    sortDescFirst: false,
    enableRowSelection: selectable,
    state: {
      sorting: state.sorting,
      columnFilters: state.columnFilters,
      pagination: state.pagination,
      rowSelection: selection.rowSelection,
    },
    onSortingChange: state.onSortingChange,
    onColumnFiltersChange: state.onColumnFiltersChange,
    onPaginationChange: state.onPaginationChange,
    onRowSelectionChange: selection.onRowSelectionChange,
  });

  // Rows deleted elsewhere can leave the page past the end: show the last page instead.
  const { pageIndex, pageSize } = state.pagination;
  const lastPage = Math.max(0, Math.ceil(data.count / pageSize) - 1);
  const pastEnd = !data.loading && !data.failed && pageIndex > lastPage;
  useEffect(() => {
    if (pastEnd) table.setPageIndex(lastPage);
  }, [pastEnd, lastPage, table]);

  const layout = tableLayout(table.getAllLeafColumns(), widths.widthOf, {
    actionsWidth: actionsColumnWidth(rowActions.length, compact),
  });
  const maxHeight =
    props.maxHeight ?? (pageSize > virtualRowThreshold ? longPageMaxHeight : undefined);

  const fetchValues: FetchValues | undefined =
    props.fetchValues &&
    ((field, search) => props.fetchValues!(field, search, { $filter: state.filterWithout(field) }));

  const status: GridStatus | null = data.failed
    ? 'failed'
    : data.rows.length > 0
      ? null
      : data.loading
        ? 'loading'
        : 'empty';

  return (
    <GridContext.Provider
      value={{
        page,
        rowActions,
        rowActionOffered: props.rowActionOffered,
        onAction: props.onAction,
        renderCell: props.renderCell,
        compact,
        widthOf: widths.widthOf,
        onRowClick: props.onRowClick,
        updatedAt: props.rowUpdates && ((id) => props.rowUpdates?.get(id)?.at),
        renderFilterValue: props.renderFilterValue,
        nameRow: props.nameRow,
        inline: inline.cells,
      }}
    >
      {inline.cells && (
        <VisuallyHidden id={inline.cells.hintId}>{t('GRID.INLINE.HINT')}</VisuallyHidden>
      )}
      <Stack gap="xs" ref={frameRef}>
        <GridToolbar
          actions={gridActions}
          onAction={(action) => props.onAction(action)}
          defaultFilter={state.defaultFilter}
          defaultFilterTitle={page.DefaultFilterTitle}
          onClearDefaultFilter={state.clearDefaultFilter}
          onRestoreDefaultFilter={state.restoreDefaultFilter}
          extra={props.toolbar}
        />
        {cards && (
          <SortSelect
            columns={page.Columns}
            sort={state.sort}
            onSort={(key) => table.setSorting([{ id: key.Field, desc: key.Desc }])}
          />
        )}
        <Box pos="relative">
          {cards ? (
            <CardList
              table={table}
              fields={cardFields}
              selectable={selectable}
              label={t(page.PageTitle)}
              busy={data.loading}
              message={
                status && (
                  <GridMessage status={status} onRetry={data.reload} empty={props.emptyMessage} />
                )
              }
            />
          ) : (
            <Box ref={scrollRef} className={classes.scroller} mah={maxHeight}>
              <Table
                className={classes.table}
                style={layout.style}
                aria-label={t(page.PageTitle)}
                aria-busy={data.loading}
                stickyHeader
                tabularNums
                highlightOnHover
                verticalSpacing={6}
                horizontalSpacing="sm"
              >
                <ColumnGroup widths={layout.widths} />
                <GridHead
                  table={table}
                  sort={state.sort}
                  fetchValues={fetchValues}
                  widths={widths}
                />
                <GridBody
                  table={table}
                  scrollRef={scrollRef}
                  message={
                    status && (
                      <GridMessage
                        status={status}
                        onRetry={data.reload}
                        empty={props.emptyMessage}
                      />
                    )
                  }
                />
              </Table>
            </Box>
          )}
          <LoadingOverlay
            visible={data.loading && data.rows.length > 0}
            zIndex={2}
            overlayProps={{ backgroundOpacity: 0.35, blur: 0 }}
            loaderProps={{ size: 'sm' }}
            transitionProps={{ enterDelay: 150, duration: 150 }}
          />
        </Box>
        <Pager
          pageIndex={pageIndex}
          pageSize={pageSize}
          count={data.count}
          pageSizes={props.pageSizes ? [...props.pageSizes] : pageSizeOptions(page.PageSize)}
          onPageChange={(index) => table.setPageIndex(index)}
          onPageSizeChange={(size) => table.setPageSize(size)}
          onRefresh={data.reload}
        />
      </Stack>
    </GridContext.Provider>
  );
}

/**
 * The list of every entity screen, drawn from a grid page's metadata: server-side paging,
 * sorting (shift-click adds keys) and filtering per column, row and grid actions the user
 * may use, optional row selection, and a virtualised body for long pages.
 *
 * Key it by `page.Id` when one screen switches between grid pages, so state starts anew.
 *
 * @example
 * <SchemaGrid
 *   page={usersPage}
 *   fetchRows={(request) => http.get(`/odata/UsersOData?${new URLSearchParams({ ...request })}`)
 *     .then((body) => ({ count: body['@odata.count'], rows: body.value }))}
 *   can={(permission) => permission === undefined || permissions.includes(permission)}
 *   onAction={(action, row) => navigate(detailUrl(action, row))}
 * />
 */
export function SchemaGrid<Row extends object>(props: SchemaGridProps<Row>) {
  // Rows only pass through the grid: each row handed back (onAction, onSelectionChange,
  // renderCell) is an object fetchRows returned, so it is a Row.
  return <GridView {...(props as unknown as SchemaGridProps<GridRow>)} />;
}
