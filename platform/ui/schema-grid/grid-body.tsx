import { Table } from '@mantine/core';
import type { ReactTable, Row } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableCell } from './editable-cell';
import { rowOpening } from './row-opening';
import { actionsColumnId } from './grid-columns';
import { useGridContext, type GridRow } from './grid-context';
import type { GridFeatures } from './grid-features';
import classes from './schema-grid.module.css';

/** Pages with more rows than this render only the rows in view. */
export const virtualRowThreshold = 50;
const estimatedRowHeight = 37;
/** The height assumed for a scrolling area without layout (hidden, or jsdom): about 16 rows. */
const fallbackViewportHeight = 600;

type GridTable = ReactTable<GridFeatures, GridRow>;

interface BodyRowProps {
  table: GridTable;
  row: Row<GridFeatures, GridRow>;
  index: number;
  measure?: (element: HTMLTableRowElement | null) => void;
}

const highlightMs = 2000;

/** A short highlight of a row whose values the server just changed in place. */
function useChangeHighlight(element: RefObject<HTMLTableRowElement | null>, changedAt?: number) {
  useEffect(() => {
    const row = element.current;
    if (changedAt === undefined || !row || typeof row.animate !== 'function') return;
    // A row that comes into view (another page, a remount) long after its change stays calm.
    if (Date.now() - changedAt > highlightMs) return;
    const highlight = 'var(--mantine-color-yellow-light)';
    row.animate([{ backgroundColor: highlight }, { backgroundColor: 'transparent' }], {
      duration: highlightMs,
      easing: 'ease-out',
    });
  }, [element, changedAt]);
}

function BodyRow({ table, row, index, measure }: BodyRowProps) {
  const { onRowClick, updatedAt, inline } = useGridContext();
  const { t } = useTranslation();
  const element = useRef<HTMLTableRowElement | null>(null);
  const changedAt = updatedAt?.(row.id);
  useChangeHighlight(element, changedAt);
  const open = onRowClick && (() => onRowClick(row.original));
  return (
    <Table.Tr
      ref={(node: HTMLTableRowElement | null) => {
        element.current = node;
        measure?.(node);
      }}
      data-index={index}
      className={classes.row}
      data-odd={index % 2 === 0 || undefined}
      data-selected={row.getIsSelected() || undefined}
      data-clickable={open ? true : undefined}
      data-changed-at={changedAt}
      {...rowOpening(open)}
    >
      {row.getAllCells().map((cell) => {
        const column = cell.column.columnDef.meta?.column;
        const spec = inline && column ? inline.editorOf(column.Field, row.original) : null;
        if (inline && column && spec) {
          return (
            <EditableCell
              key={cell.id}
              table={table}
              cell={cell}
              field={column.Field}
              title={t(column.Title)}
              spec={spec}
              cells={inline}
            />
          );
        }
        return (
          <Table.Td
            key={cell.id}
            className={
              cell.column.id === actionsColumnId
                ? `${classes.cell} ${classes.stickyActions}`
                : classes.cell
            }
          >
            <table.FlexRender cell={cell} />
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

/** An empty row as tall as the rows not rendered, so the scrollbar stays true. */
function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true" className={classes.spacer}>
      <td colSpan={colSpan} style={{ height }} />
    </tr>
  );
}

function VirtualRows({
  table,
  scrollRef,
}: {
  table: GridTable;
  scrollRef: RefObject<HTMLElement | null>;
}) {
  const rows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    // Without layout a row measures 0; keep the estimate for it.
    measureElement: (element) => element.getBoundingClientRect().height || estimatedRowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) =>
        onRect(rect.height > 0 ? rect : { ...rect, height: fallbackViewportHeight }),
      ),
  });
  const items = virtualizer.getVirtualItems();
  const colSpan = table.getAllLeafColumns().length;
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      <Spacer height={top} colSpan={colSpan} />
      {items.map((item) => (
        <BodyRow
          key={item.key}
          table={table}
          row={rows[item.index]!}
          index={item.index}
          measure={virtualizer.measureElement}
        />
      ))}
      <Spacer height={bottom} colSpan={colSpan} />
    </>
  );
}

export interface GridBodyProps {
  table: GridTable;
  scrollRef: RefObject<HTMLElement | null>;
  /** Shown instead of the rows (loading, error, no results). */
  message?: ReactNode;
}

/**
 * The rows of the page as real table rows; long pages render only the rows in view between
 * two spacer rows, keeping the table's semantics.
 */
export function GridBody({ table, scrollRef, message }: GridBodyProps) {
  const rows = table.getRowModel().rows;
  return (
    <Table.Tbody>
      {message ? (
        <Table.Tr>
          <Table.Td colSpan={table.getAllLeafColumns().length} className={classes.message}>
            {message}
          </Table.Td>
        </Table.Tr>
      ) : rows.length > virtualRowThreshold ? (
        <VirtualRows table={table} scrollRef={scrollRef} />
      ) : (
        rows.map((row, index) => <BodyRow key={row.id} table={table} row={row} index={index} />)
      )}
    </Table.Tbody>
  );
}
