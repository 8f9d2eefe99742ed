import { Checkbox, NativeSelect, TextInput } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CellDraft, type CellEditorSpec, draftOf, valueOf } from './cell-editors';

export interface CellEditorProps {
  spec: CellEditorSpec;
  /** The cell's value when the edit started. */
  value: unknown;
  /** The editor's accessible name ("Edit Inspector of row INS-1"). */
  label: string;
  /** Checks and saves; answers null once done, else the message to show. */
  onCommit(value: unknown): Promise<string | null>;
  onCancel(): void;
  /** The editor is closing (saved or cancelled): the cell takes the focus back. */
  onClosed(): void;
}

/**
 * The editor inside a cell: Enter or leaving it saves, Escape cancels. The draft is the
 * editor's own state, so typing re-renders the editor only, never the grid's rows.
 */
export function CellEditor({ spec, value, label, onCommit, onCancel, onClosed }: CellEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CellDraft>(() => draftOf(spec, value));
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Refs, not state: a blur that comes while a save runs or once the editor closes is no commit.
  const working = useRef(false);
  const input = useRef<HTMLElement | null>(null);

  // An editor left for another cell may hear its save's answer after it is gone.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    input.current?.focus();
    if (input.current instanceof HTMLInputElement && input.current.type === 'text') {
      input.current.select();
    }
    return () => {
      mounted.current = false;
    };
  }, []);

  const commit = async () => {
    if (working.current) return;
    working.current = true;
    setBusy(true);
    const refused = await onCommit(valueOf(spec, draft));
    if (!mounted.current) return;
    if (refused === null) {
      onClosed();
      return;
    }
    setMessage(refused);
    setBusy(false);
    working.current = false;
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (working.current) return;
      working.current = true;
      onCancel();
      onClosed();
    }
  };

  const common = {
    ref: (node: HTMLElement | null) => {
      input.current = node;
    },
    'aria-label': label,
    'aria-busy': busy || undefined,
    error: message,
    size: 'xs' as const,
    onKeyDown,
    onBlur: () => void commit(),
    onClick: (event: { stopPropagation(): void }) => event.stopPropagation(),
  };

  switch (spec.kind) {
    case 'boolean':
      return (
        <Checkbox
          {...common}
          checked={draft === true}
          readOnly={busy}
          onChange={(event) => !busy && setDraft(event.currentTarget.checked)}
        />
      );
    case 'enum':
      return (
        <NativeSelect
          {...common}
          value={String(draft)}
          onChange={(event) => !busy && setDraft(event.currentTarget.value)}
          data={[
            ...(spec.nullable || draft === '' ? [{ value: '', label: t('GRID.INLINE.NONE') }] : []),
            ...spec.options.map((option, index) => ({
              value: String(index),
              label: String(option),
            })),
          ]}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={spec.kind === 'date' ? 'date' : 'text'}
          inputMode={
            spec.kind === 'integer' ? 'numeric' : spec.kind === 'number' ? 'decimal' : undefined
          }
          value={String(draft)}
          readOnly={busy}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
      );
  }
}
