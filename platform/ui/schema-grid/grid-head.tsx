import { Checkbox, Table, VisuallyHidden } from '@mantine/core';
import type { ReactTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { SortKey } from '#metadata';
import type { FetchValues } from './filter-popover/filter-popover';
import { selectColumnId } from './grid-columns';
import type { GridRow } from './grid-context';
import type { GridFeatures } from './grid-features';
import { HeaderCell } from './header-cell';
import classes from './schema-grid.module.css';
import type { ColumnWidthsState } from './use-column-widths';

export interface GridHeadProps {
  table: ReactTable<GridFeatures, GridRow>;
  sort: readonly SortKey[];
  fetchValues?: FetchValues;
  widths: ColumnWidthsState;
}

/** The sticky header row: select-all, the data columns' headers, the actions column. */
export function GridHead({ table, sort, fetchValues, widths }: GridHeadProps) {
  const { t } = useTranslation();
  const hasRows = table.getRowModel().rows.length > 0;
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id}>
          {group.headers.map((header) => {
            const column = header.column.columnDef.meta?.column;
            if (column) {
              return (
                <HeaderCell
                  key={header.id}
                  header={header}
                  column={column}
                  sort={sort}
                  fetchValues={fetchValues}
                  width={widths.widthOf(column.Field)}
                  onResize={(width) => widths.resize(column.Field, width)}
                />
              );
            }
            if (header.column.id === selectColumnId) {
              return (
                <Table.Th key={header.id}>
                  <Checkbox
                    size="xs"
                    aria-label={t('GRID.SELECT_ALL')}
                    disabled={!hasRows}
                    checked={hasRows && table.getIsAllPageRowsSelected()}
                    indeterminate={table.getIsSomePageRowsSelected()}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </Table.Th>
              );
            }
            return (
              // Sticks to the right edge, so a row's actions stay in reach when the table scrolls sideways.
              <Table.Th key={header.id} className={classes.stickyActions}>
                <VisuallyHidden>{t('GRID.ACTIONS')}</VisuallyHidden>
              </Table.Th>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}
