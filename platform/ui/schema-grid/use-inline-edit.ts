import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridPage } from '#metadata';
import { type CellEditorSpec, cellEditorOf, sameValue } from './cell-editors';
import type { CellKey, GridRow, InlineCells } from './grid-context';
import { CellSaveError, type InlineEditing } from './inline-edit';

const same = (a: CellKey | null, b: CellKey) => a?.rowId === b.rowId && a.field === b.field;

/**
 * The inline editing state of a grid: the cell being edited, rows saved since the page
 * loaded (shown in place of the loaded ones until the next load) and a note on a cell.
 * Typing stays inside the editor: the grid re-renders only when an edit starts or ends.
 */
export function useInlineEdit(
  page: GridPage,
  loaded: GridRow[],
  editing: InlineEditing<GridRow> | undefined,
): { rows: GridRow[]; cells: InlineCells | undefined } {
  const { t } = useTranslation();
  const hintId = useId();
  const [active, setActive] = useState<CellKey | null>(null);
  const [note, setNote] = useState<(CellKey & { message: string }) | null>(null);
  const [saved, setSaved] = useState<{ base: GridRow[]; byId: ReadonlyMap<string, GridRow> }>({
    base: loaded,
    byId: new Map(),
  });
  const current = saved.base === loaded ? saved.byId : null;

  const rows = useMemo(
    () =>
      current && current.size > 0
        ? loaded.map((row) => current.get(String(row[page.PkField])) ?? row)
        : loaded,
    [loaded, current, page.PkField],
  );

  const specs = useMemo(() => {
    const byField = new Map<string, CellEditorSpec | null>();
    for (const column of page.Columns) {
      byField.set(column.Field, cellEditorOf(page.SchemaDefinition, column.Field));
    }
    return byField;
  }, [page.Columns, page.SchemaDefinition]);

  const replace = useCallback(
    (rowId: string, row: GridRow) =>
      setSaved((old) => {
        const byId = new Map(old.base === loaded ? old.byId : []);
        byId.set(rowId, row);
        return { base: loaded, byId };
      }),
    [loaded],
  );

  // The cell being edited now: a save answers after the user may have moved on to another.
  const activeNow = useRef<CellKey | null>(null);
  const edit = useCallback((key: CellKey | null) => {
    activeNow.current = key;
    setActive(key);
  }, []);
  /** Closes the cell's editor, unless the user already edits another cell. */
  const close = useCallback(
    (key: CellKey) => {
      if (activeNow.current && same(activeNow.current, key)) edit(null);
    },
    [edit],
  );

  const commit = useCallback(
    async (key: CellKey, row: GridRow, value: unknown): Promise<string | null> => {
      if (!editing) return null;
      if (sameValue(row[key.field], value)) {
        close(key);
        return null;
      }
      const invalid = editing.validate(key.field, value, row);
      if (invalid) return invalid;
      try {
        const answer = await editing.save(row, key.field, value);
        replace(key.rowId, answer);
        close(key);
        return null;
      } catch (error) {
        const message =
          error instanceof CellSaveError ? error.message : t('GRID.INLINE.SAVE_FAILED');
        const reloaded = error instanceof CellSaveError ? error.reloaded : null;
        if (reloaded) replace(key.rowId, reloaded as GridRow);
        const stillEditing = activeNow.current !== null && same(activeNow.current, key);
        if (!reloaded && stillEditing) return message;
        // The editor closes (on the row as it is now, or the user went on to another cell):
        // the message stays on the cell.
        close(key);
        setNote({ ...key, message });
        return null;
      }
    },
    [editing, replace, close, t],
  );

  const cells = useMemo<InlineCells | undefined>(
    () =>
      editing && {
        editorOf: (field, row) => {
          const spec = specs.get(field) ?? null;
          return spec && (editing.editable?.(field, row) ?? true) ? spec : null;
        },
        editing: active,
        noteOf: (key) => (note && same(note, key) ? note.message : undefined),
        start: (key) => {
          setNote(null);
          edit(key);
        },
        cancel: () => edit(null),
        commit,
        hintId,
      },
    [editing, specs, active, note, commit, hintId, edit],
  );

  return { rows, cells };
}
