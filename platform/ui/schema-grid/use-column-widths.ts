import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridPage } from '#metadata';
import { clampWidth, estimateColumnWidth } from './column-widths';

/** Widths in px by field. */
export type ColumnWidths = Record<string, number>;

/** Where a grid page's widths set by the user are kept in the browser. */
export const columnWidthsStorageKey = (pageId: number) => `schema-grid.column-widths.${pageId}`;

function readSaved(pageId: number): ColumnWidths {
  try {
    const saved: unknown = JSON.parse(
      window.localStorage.getItem(columnWidthsStorageKey(pageId)) ?? '{}',
    );
    if (typeof saved !== 'object' || saved === null) return {};
    return Object.fromEntries(
      Object.entries(saved).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
      ),
    );
  } catch {
    // Storage may be unavailable (private mode) or hold something else: start afresh.
    return {};
  }
}

function save(pageId: number, widths: ColumnWidths) {
  try {
    window.localStorage.setItem(columnWidthsStorageKey(pageId), JSON.stringify(widths));
  } catch {
    // Not saved: the widths still apply until the page is left.
  }
}

export interface ColumnWidthsState {
  /** The width of a data column. */
  widthOf(field: string): number;
  /** Sets a column's width as the user resized it; kept for this grid page in this browser. */
  resize(field: string, width: number): void;
}

/**
 * The widths of a grid's data columns: the user's own (saved per grid page), else sized from
 * the column's type, title and the values of the first page with rows, then kept as they are
 * while the user filters, sorts or pages.
 */
export function useColumnWidths(
  page: GridPage,
  rows: readonly Record<string, unknown>[],
): ColumnWidthsState {
  const { t, i18n } = useTranslation();
  const [userWidths, setUserWidths] = useState<ColumnWidths>(() => readSaved(page.Id));
  const [sample, setSample] = useState<readonly Record<string, unknown>[] | null>(null);
  if (sample === null && rows.length > 0) setSample(rows);

  const estimated = useMemo(
    () =>
      Object.fromEntries(
        page.Columns.map((column) => [
          column.Field,
          estimateColumnWidth(column, t(column.Title), sample ?? [], i18n.language),
        ]),
      ),
    [page.Columns, sample, t, i18n.language],
  );

  const resize = useCallback(
    (field: string, width: number) =>
      setUserWidths((old) => {
        const next = { ...old, [field]: clampWidth(width) };
        save(page.Id, next);
        return next;
      }),
    [page.Id],
  );

  return {
    widthOf: (field) => userWidths[field] ?? estimated[field] ?? 120,
    resize,
  };
}
