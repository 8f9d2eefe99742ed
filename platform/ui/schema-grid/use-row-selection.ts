import type { OnChangeFn, RowSelectionState } from '@tanstack/react-table';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { GridRow } from './grid-context';

const nothingSelected: RowSelectionState = {};

/**
 * Which rows of the shown page are selected (by row id). A new page starts unselected; the
 * app hears every change of the selected rows, never the first empty state.
 */
export function useRowSelection(
  rows: readonly GridRow[],
  rowId: (row: GridRow, index: number) => string,
  onSelectionChange?: (rows: GridRow[]) => void,
): { rowSelection: RowSelectionState; onRowSelectionChange: OnChangeFn<RowSelectionState> } {
  const [rowSelection, setRowSelection] = useState(nothingSelected);
  const reported = useRef(nothingSelected);
  const report = useEffectEvent((selection: RowSelectionState) =>
    onSelectionChange?.(rows.filter((row, index) => selection[rowId(row, index)])),
  );

  useEffect(() => {
    setRowSelection((old) => (Object.keys(old).length === 0 ? old : nothingSelected));
  }, [rows]);

  useEffect(() => {
    if (reported.current === rowSelection) return;
    reported.current = rowSelection;
    report(rowSelection);
  }, [rowSelection]);

  return { rowSelection, onRowSelectionChange: setRowSelection };
}
