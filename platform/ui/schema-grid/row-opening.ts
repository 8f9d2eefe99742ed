import type { KeyboardEvent, MouseEvent } from 'react';

/** A click or key meant for a control in the row or card (a checkbox, a menu), not for it. */
const forControl = (event: MouseEvent | KeyboardEvent) =>
  event.target instanceof Element &&
  event.target !== event.currentTarget &&
  event.target.closest('button, a, input, select, textarea, label, [role="menuitem"]') !== null;

/**
 * What makes a table row or a card open its record: focusable, a click on it or Enter on it
 * (not on a control inside it); nothing when it opens nothing.
 *
 * @example <tr {...rowOpening(open)}>
 */
export function rowOpening(open: (() => void) | undefined | false | null) {
  if (!open) return {};
  return {
    tabIndex: 0,
    onClick: (event: MouseEvent) => {
      if (!forControl(event)) open();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || forControl(event)) return;
      event.preventDefault();
      open();
    },
  };
}
