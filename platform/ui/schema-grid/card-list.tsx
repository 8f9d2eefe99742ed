import { Checkbox, Group } from '@mantine/core';
import type { Cell, ReactTable, Row } from '@tanstack/react-table';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn, GridRowAction } from '#metadata';
import { formatValue } from './format-value';
import { actionsColumnId } from './grid-columns';
import { CellPlacementContext, type GridRow, useGridContext } from './grid-context';
import type { GridFeatures } from './grid-features';
import { rowOpening } from './row-opening';
import classes from './schema-grid.module.css';

type GridTable = ReactTable<GridFeatures, GridRow>;
type GridCell = Cell<GridFeatures, GridRow, unknown>;

/** The row actions a tap on a card performs when the grid opens no row itself, best first. */
const openingActions: readonly GridRowAction['Type'][] = ['Open', 'View', 'Edit'];

const columnOf = (cell: GridCell): GridColumn | undefined => cell.column.columnDef.meta?.column;

/** What opens a row from its card: the grid's row click, else its first opening row action. */
function useOpenRow(): ((row: GridRow) => void) | undefined {
  const { onRowClick, rowActions, onAction } = useGridContext();
  if (onRowClick) return onRowClick;
  const action = openingActions
    .map((type) => rowActions.find((candidate) => candidate.Type === type))
    .find((candidate) => candidate !== undefined);
  return action && ((row) => onAction(action, row));
}

interface GridCardProps {
  table: GridTable;
  row: Row<GridFeatures, GridRow>;
  fields: readonly string[];
  selectable: boolean;
}

function GridCard({ table, row, fields, selectable }: GridCardProps) {
  const { t, i18n } = useTranslation();
  const { updatedAt } = useGridContext();
  const headingId = useId();
  const openRow = useOpenRow();
  const cells = new Map(row.getAllCells().map((cell) => [cell.column.id, cell]));
  const [heading, ...lines] = fields.flatMap((field) => cells.get(field) ?? []);
  const actions = cells.get(actionsColumnId);
  const headingColumn = heading && columnOf(heading);
  const headingText =
    (headingColumn && formatValue(headingColumn, heading.getValue(), i18n.language)) || row.id;
  const open = openRow && (() => openRow(row.original));
  return (
    <li
      aria-labelledby={headingId}
      className={classes.card}
      data-selected={row.getIsSelected() || undefined}
      data-clickable={open ? true : undefined}
      data-changed-at={updatedAt?.(row.id)}
      {...rowOpening(open)}
    >
      <Group gap="xs" wrap="nowrap" align="center" className={classes.cardHead}>
        {selectable && (
          <Checkbox
            size="sm"
            aria-label={t('GRID.SELECT_ROW', { name: headingText })}
            checked={row.getIsSelected()}
            disabled={!row.getCanSelect()}
            onChange={row.getToggleSelectedHandler()}
          />
        )}
        <h3 id={headingId} className={classes.cardHeading}>
          {heading && <table.FlexRender cell={heading} />}
        </h3>
        {actions && <table.FlexRender cell={actions} />}
      </Group>
      {lines.length > 0 && (
        <dl className={classes.cardFields}>
          {lines.map((cell) => (
            <div key={cell.id} className={classes.cardField}>
              <dt>{t(columnOf(cell)?.Title ?? cell.column.id)}</dt>
              <dd>
                <table.FlexRender cell={cell} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

export interface CardListProps {
  table: GridTable;
  /** The column fields of each card, the first its heading. */
  fields: readonly string[];
  selectable: boolean;
  /** The list's accessible name (the page's title). */
  label: string;
  busy: boolean;
  /** Shown instead of the cards (loading, error, no results). */
  message?: ReactNode;
}

/**
 * The page's rows as cards, for a narrow frame: the first card field as each card's heading,
 * the others as label and value drawn by the table's own cells. A tap or Enter on a card
 * opens its row; its checkbox selects it.
 */
export function CardList({ table, fields, selectable, label, busy, message }: CardListProps) {
  const { t } = useTranslation();
  const rows = table.getRowModel().rows;
  if (message) return <div className={classes.cardMessage}>{message}</div>;
  return (
    <>
      {selectable && (
        <Checkbox
          size="sm"
          label={t('GRID.SELECT_ALL')}
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      )}
      {/* Lists lose their role in Safari under list-style: none; it is kept by naming it. */}
      <CellPlacementContext.Provider value="card">
        <ul role="list" aria-label={label} aria-busy={busy} className={classes.cards}>
          {rows.map((row) => (
            <GridCard
              key={row.id}
              table={table}
              row={row}
              fields={fields}
              selectable={selectable}
            />
          ))}
        </ul>
      </CellPlacementContext.Provider>
    </>
  );
}
