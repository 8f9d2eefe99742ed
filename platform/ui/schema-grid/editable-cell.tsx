import { Table, Text } from '@mantine/core';
import type { Cell, ReactTable } from '@tanstack/react-table';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellEditorSpec } from './cell-editors';
import { CellEditor } from './cell-editor';
import { useRowName } from './cells';
import type { GridRow, InlineCells } from './grid-context';
import type { GridFeatures } from './grid-features';
import classes from './schema-grid.module.css';

interface EditableCellProps {
  table: ReactTable<GridFeatures, GridRow>;
  cell: Cell<GridFeatures, GridRow, unknown>;
  field: string;
  title: string;
  spec: CellEditorSpec;
  cells: InlineCells;
}

/**
 * A data cell the user may edit: focusable, opened by a double-click, Enter or F2, drawn as
 * its editor while edited; a note left by a save (someone else changed the row) under it.
 */
export function EditableCell({ table, cell, field, title, spec, cells }: EditableCellProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLTableCellElement>(null);
  const key = { rowId: cell.row.id, field };
  const editing = cells.editing?.rowId === key.rowId && cells.editing.field === field;
  const note = editing ? undefined : cells.noteOf(key);
  const name = useRowName(cell.getContext());
  // When the editor closes with the focus in it (lost with it), the cell takes the focus back.
  const wasEditing = useRef(false);
  useLayoutEffect(() => {
    const td = element.current;
    if (wasEditing.current && !editing && td) {
      const focused = document.activeElement;
      if (!focused || focused === document.body || td.contains(focused)) td.focus();
    }
    wasEditing.current = editing;
  }, [editing]);
  const start = () => cells.start(key);
  const onKeyDown = (event: KeyboardEvent) => {
    if (editing || event.target !== event.currentTarget) return;
    if (event.key !== 'Enter' && event.key !== 'F2') return;
    event.preventDefault();
    // The row's own Enter (open the row) is not this one.
    event.stopPropagation();
    start();
  };

  return (
    <Table.Td
      ref={element}
      className={`${classes.cell} ${classes.editableCell}`}
      data-editing={editing || undefined}
      tabIndex={editing ? -1 : 0}
      aria-describedby={editing ? undefined : cells.hintId}
      onDoubleClick={editing ? undefined : start}
      onKeyDown={onKeyDown}
    >
      {editing ? (
        <CellEditor
          spec={spec}
          value={cell.getValue()}
          label={t('GRID.INLINE.EDIT_CELL', { column: title, name })}
          onCommit={(value) => cells.commit(key, cell.row.original, value)}
          onCancel={cells.cancel}
          onClosed={() => element.current?.focus()}
        />
      ) : (
        <table.FlexRender cell={cell} />
      )}
      {note && (
        <Text role="alert" size="xs" c="red" className={classes.cellNote}>
          {note}
        </Text>
      )}
    </Table.Td>
  );
}
