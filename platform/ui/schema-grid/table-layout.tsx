import type { Column } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import { actionsColumnId, selectColumnId } from './grid-columns';
import type { GridRow } from './grid-context';
import type { GridFeatures } from './grid-features';

/** Screens at most this wide gather each row's actions in a menu. */
export const compactGridQuery = '(max-width: 48em)';
/** Long (virtualised) pages scroll within this height under the sticky header. */
export const longPageMaxHeight = '70vh';
const selectColumnWidth = 44;

/** Room for a row's actions: icon buttons side by side, or one menu button when compact. */
export function actionsColumnWidth(count: number, compact: boolean): number {
  if (count === 0) return 0;
  return compact && count > 1 ? 52 : count * 30 + 26;
}

export interface TableLayout {
  /** Per leaf column, in order; undefined for the last one, taking the width left over. */
  widths: (number | undefined)[];
  style: CSSProperties;
}

/**
 * Fixed column widths, so columns keep their width whatever the page shows. The table fills
 * its box: the last column (the right-aligned actions, when the rows have some) takes what
 * is left over, and when the columns need more than the box, the box scrolls sideways with
 * the actions column stuck to its edge.
 */
export function tableLayout(
  columns: readonly Column<GridFeatures, GridRow, unknown>[],
  widthOf: (field: string) => number,
  { actionsWidth }: { actionsWidth: number },
): TableLayout {
  const needed = columns.map((column) =>
    column.id === selectColumnId
      ? selectColumnWidth
      : column.id === actionsColumnId
        ? actionsWidth
        : widthOf(column.id),
  );
  const total = needed.reduce((sum, width) => sum + width, 0);
  const filler = columns.at(-1)?.id === selectColumnId ? -1 : columns.length - 1;
  const widths = needed.map((width, index) => (index === filler ? undefined : width));
  return { widths, style: { width: '100%', minWidth: total } };
}

/** The `<colgroup>` giving each column its width. */
export function ColumnGroup({ widths }: { widths: readonly (number | undefined)[] }) {
  return (
    <colgroup>
      {widths.map((width, index) => (
        <col key={index} style={width === undefined ? undefined : { width }} />
      ))}
    </colgroup>
  );
}
