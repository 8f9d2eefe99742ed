import { Group, Table, UnstyledButton } from '@mantine/core';
import type { Header } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { GridColumn, SortKey } from '#metadata';
import type { ColumnFilter } from './column-filter';
import { ColumnResizer } from './column-resizer';
import { FilterPopover, type FetchValues } from './filter-popover/filter-popover';
import type { GridRow } from './grid-context';
import type { GridFeatures } from './grid-features';
import { SortAscIcon, SortDescIcon, UnsortedIcon } from './icons';
import classes from './schema-grid.module.css';

export interface HeaderCellProps {
  header: Header<GridFeatures, GridRow, unknown>;
  column: GridColumn;
  /** The order the rows are in (the user's or the page's default), for aria-sort. */
  sort: readonly SortKey[];
  fetchValues?: FetchValues;
  /** The column's width in px, and a change of it by the user. */
  width: number;
  onResize(width: number): void;
}

/** The direction of the column's sort key, numbered when there are several; decorative. */
function SortIndicator({ index, sort }: { index: number; sort: readonly SortKey[] }) {
  const key = sort[index];
  if (!key) {
    return (
      <span className={classes.unsorted}>
        <UnsortedIcon size={14} />
      </span>
    );
  }
  return (
    <span className={classes.sortIndicator} aria-hidden="true">
      {key.Desc ? <SortDescIcon size={14} /> : <SortAscIcon size={14} />}
      {sort.length > 1 && index + 1}
    </span>
  );
}

/**
 * A column header: a button sorting by the column (shift adds it to the sort keys), a
 * filter button opening the column's filter popup, and an edge to resize the column.
 */
export function HeaderCell({
  header,
  column,
  sort,
  fetchValues,
  width,
  onResize,
}: HeaderCellProps) {
  const { t } = useTranslation();
  const title = t(column.Title);
  const tableColumn = header.column;
  const index = sort.findIndex((key) => key.Field === column.Field);
  const ariaSort = index === -1 ? undefined : sort[index]!.Desc ? 'descending' : 'ascending';
  const applyFilter = (filter: ColumnFilter | undefined) => tableColumn.setFilterValue(filter);

  return (
    <Table.Th className={classes.headerCell} aria-sort={ariaSort}>
      <Group gap={4} wrap="nowrap" justify="space-between">
        {tableColumn.getCanSort() ? (
          <UnstyledButton
            fz="sm"
            className={classes.sortButton}
            onClick={tableColumn.getToggleSortingHandler()}
          >
            <span className={classes.headerTitle}>{title}</span>
            <SortIndicator index={index} sort={sort} />
          </UnstyledButton>
        ) : (
          <span className={classes.sortButton}>
            <span className={classes.headerTitle}>{title}</span>
            {index !== -1 && <SortIndicator index={index} sort={sort} />}
          </span>
        )}
        {tableColumn.getCanFilter() && (
          <FilterPopover
            column={column}
            title={title}
            value={tableColumn.getFilterValue() as ColumnFilter | undefined}
            onApply={applyFilter}
            fetchValues={fetchValues}
          />
        )}
      </Group>
      <ColumnResizer title={title} width={width} onResize={onResize} />
    </Table.Th>
  );
}
