import { Checkbox, VisuallyHidden } from '@mantine/core';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from '#metadata';
import { CellPlacementContext, useGridContext } from './grid-context';
import type { GridCellContext } from './grid-features';
import { fitsWidth } from './column-widths';
import { formatValue, truncate } from './format-value';
import { CheckIcon } from './icons';
import classes from './schema-grid.module.css';

function BooleanValue({ column, value }: { column: GridColumn; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return null;
  const word = value ? t('GRID.YES') : t('GRID.NO');
  if (column.Format !== 'check') return <>{word}</>;
  return value ? (
    <CheckIcon label={word} className={classes.inlineIcon} />
  ) : (
    <VisuallyHidden>{word}</VisuallyHidden>
  );
}

/** A data cell: the app's renderer for the field if it registered one, else the formatted value. */
export function DataCell(context: GridCellContext) {
  const { renderCell, widthOf } = useGridContext();
  const placement = useContext(CellPlacementContext);
  const { i18n } = useTranslation();
  const column = context.column.columnDef.meta?.column;
  const value = context.getValue();
  if (!column) return null;
  const custom = renderCell?.[column.Field];
  if (custom) return <>{custom(value, context.row.original, placement)}</>;
  if (column.Type === 'boolean') return <BooleanValue column={column} value={value} />;
  const full = formatValue(column, value, i18n.language);
  const { text, truncated } = truncate(full);
  const cut = truncated || (placement === 'table' && !fitsWidth(full, widthOf(column.Field)));
  return <span title={cut ? full : undefined}>{text}</span>;
}

/**
 * The text naming a row for screen readers: the app's name for it when given, else its first
 * text column's value, else its key.
 */
export function useRowName(context: GridCellContext): string {
  const { nameRow } = useGridContext();
  const named = nameRow?.(context.row.original);
  if (named) return named;
  const columns = context.table
    .getAllLeafColumns()
    .filter((column) => column.columnDef.meta?.column);
  const first =
    columns.find((column) => column.columnDef.meta?.column?.Type === 'string') ?? columns[0];
  const value = first ? context.row.getValue(first.id) : undefined;
  return value === null || value === undefined || value === '' ? context.row.id : String(value);
}

export function SelectCell(context: GridCellContext) {
  const { t } = useTranslation();
  const { row } = context;
  const name = useRowName(context);
  return (
    <Checkbox
      size="xs"
      aria-label={t('GRID.SELECT_ROW', { name })}
      checked={row.getIsSelected()}
      disabled={!row.getCanSelect()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}
