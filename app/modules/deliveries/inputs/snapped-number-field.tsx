import { ActionIcon, NumberInput, Stack, VisuallyHidden } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeIcon } from '#platform/ui';

/** What a typed or stepped value becomes, and why it changed (a message), if it did. */
export interface Snapped {
  value: number;
  message: string | null;
}

export interface SnappedNumberFieldProps {
  label: string;
  /** The value as last committed; null is empty (only when `optional`). */
  value: number | null;
  onChange: (value: number | null) => void;
  snap: (value: number) => Snapped;
  /** The value one step up or down from `value` (before snapping). */
  step: (value: number, direction: 1 | -1) => number;
  /** Where stepping starts from an empty field. */
  start: number;
  /** An empty field means "leave unchanged" rather than "put the last value back". */
  optional?: boolean;
  hint?: string;
  /** A message from elsewhere (the server's refusal), shown until the next adjustment. */
  error?: string | null;
  disabled?: boolean;
  readOnly?: boolean;
}

const numberOf = (draft: number | string): number | null => {
  if (typeof draft === 'number') return Number.isFinite(draft) ? draft : null;
  const parsed = Number(draft.trim());
  return draft.trim() === '' || Number.isNaN(parsed) ? null : parsed;
};

/**
 * A whole-number input that snaps what is typed to the rules only when the user is done: on
 * leaving the field, on Enter and on each step (arrow keys or the buttons), saying under the
 * field what it changed and why. Typing itself is never corrected under the user's fingers.
 */
export function SnappedNumberField(props: SnappedNumberFieldProps) {
  const { label, value, onChange, snap, step, start, optional, hint, error } = props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState<number | string>(value ?? '');
  const [shown, setShown] = useState(value);
  const [message, setMessage] = useState<string | null>(null);
  // Whether the user typed since the last commit: leaving the field after Enter keeps its message.
  const typed = useRef(false);
  // A value set from outside (a suggestion applied, a reload) replaces the draft and its message.
  if (shown !== value) {
    setShown(value);
    setDraft(value ?? '');
    setMessage(null);
  }
  const locked = props.disabled || props.readOnly;

  const commit = (next: number | null) => {
    typed.current = false;
    if (next === null) {
      setDraft(optional ? '' : (value ?? ''));
      setMessage(null);
      if (optional && value !== null) onChange(null);
      return;
    }
    const snapped = snap(next);
    setDraft(snapped.value);
    setMessage(snapped.message);
    setShown(snapped.value);
    if (snapped.value !== value) onChange(snapped.value);
  };
  const stepBy = (direction: 1 | -1) => {
    if (locked) return;
    const current = numberOf(draft) ?? value;
    commit(current === null ? start : step(current, direction));
  };
  const commitTyped = () => {
    if (typed.current) commit(numberOf(draft));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitTyped();
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(event.key === 'ArrowUp' ? 1 : -1);
    }
  };
  const stepper = (direction: 1 | -1) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={22}
      // Keyboard users step with the arrow keys in the field; the buttons are for pointers.
      tabIndex={-1}
      aria-label={t(direction === 1 ? 'DELIVERY.INPUT.STEP_UP' : 'DELIVERY.INPUT.STEP_DOWN', {
        field: label,
      })}
      disabled={locked}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => stepBy(direction)}
    >
      <StrokeIcon size={14}>
        <path d={direction === 1 ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
      </StrokeIcon>
    </ActionIcon>
  );
  return (
    <Stack gap={0}>
      <NumberInput
        label={label}
        description={hint}
        value={draft}
        onChange={(next) => {
          typed.current = true;
          setDraft(next);
        }}
        onBlur={commitTyped}
        onKeyDown={onKeyDown}
        allowDecimal={false}
        allowNegative
        clampBehavior="none"
        withKeyboardEvents={false}
        hideControls
        disabled={props.disabled}
        readOnly={props.readOnly}
        variant={props.readOnly ? 'filled' : 'default'}
        rightSection={
          locked ? null : (
            <Stack gap={0}>
              {stepper(1)}
              {stepper(-1)}
            </Stack>
          )
        }
        rightSectionWidth={32}
        error={error}
        success={message}
        withSuccessStyles={false}
        successProps={{ c: 'orange.9', fz: 'sm' }}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      {/* Says what the snapping changed as it happens; the field's description keeps it. */}
      <VisuallyHidden aria-live="polite">{error ?? message}</VisuallyHidden>
    </Stack>
  );
}
