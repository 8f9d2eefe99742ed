import { createContext, useContext, type ReactNode } from 'react';
import type { GridAction, GridPage, GridRowAction } from '#metadata';
import type { CellEditorSpec } from './cell-editors';

/** A row as the grid handles it; the public API keeps the app's own row type. */
export type GridRow = Record<string, unknown>;

/** Where a cell is drawn: a row of the table, or a card of a narrow frame (room for words). */
export type CellPlacement = 'table' | 'card';

/**
 * Renders one custom cell: the value of the column's field, the whole row, and where it is
 * drawn (a card may say more than a narrow column).
 */
export type CellRenderer<Row> = (value: unknown, row: Row, placement: CellPlacement) => ReactNode;

/** Where the cells below are drawn (the cards provide `card`). */
export const CellPlacementContext = createContext<CellPlacement>('table');

/** What the cells need of the grid's props, shared without threading them through TanStack. */
export interface GridContextValue {
  page: GridPage;
  rowActions: readonly GridRowAction[];
  /** Whether a row offers an action (a built-in row offers no Delete); all do without it. */
  rowActionOffered?(action: GridRowAction, row: GridRow): boolean;
  onAction(action: GridAction | GridRowAction, row?: GridRow): void;
  renderCell?: Partial<Record<string, CellRenderer<GridRow>>>;
  /** A narrow screen: each row's actions are gathered in one menu. */
  compact: boolean;
  /** The width of a data column in px. */
  widthOf(field: string): number;
  /** Opens a row (clicking it or Enter on it), when rows open something. */
  onRowClick?(row: GridRow): void;
  /** When a row's values last changed in place (pushed by the server), by row id. */
  updatedAt?(rowId: string): number | undefined;
  /** The row's name for screen readers ("Salford Quays, 26/11/2026 06:00"), when the app gives one. */
  nameRow?(row: GridRow): string;
  /** How a value-list filter shows a field's values (a state code as its colour and name). */
  renderFilterValue?: Partial<Record<string, FilterValueRenderer>>;
  /** Inline editing of simple fields, when the grid offers it. */
  inline?: InlineCells;
}

/** One cell: its row's id and its field. */
export interface CellKey {
  rowId: string;
  field: string;
}

/** What the cells of a grid with inline editing share (through the grid's context). */
export interface InlineCells {
  /** The editor of a field of a row; null where the cell is shown only. */
  editorOf(field: string, row: GridRow): CellEditorSpec | null;
  /** The cell being edited, if any. */
  editing: CellKey | null;
  /** A message left on a cell after its editor closed (the row was changed by someone else). */
  noteOf(key: CellKey): string | undefined;
  start(key: CellKey): void;
  cancel(): void;
  /**
   * Checks and saves a value; answers null once the editor may close (saved, unchanged, or the
   * row reloaded), else the message to show in it.
   */
  commit(key: CellKey, row: GridRow, value: unknown): Promise<string | null>;
  /** The id of the text telling how to edit a cell (`aria-describedby` of editable cells). */
  hintId: string;
}

/** Draws one value of a column's value list (the value stays what is filtered on). */
export type FilterValueRenderer = (value: string) => ReactNode;

export const GridContext = createContext<GridContextValue | null>(null);

export function useGridContext(): GridContextValue {
  const value = useContext(GridContext);
  if (!value) throw new Error('Grid cells render inside a SchemaGrid.');
  return value;
}
