import type { ReactNode } from 'react';

/** Every kind of dialog the platform shows (administration spec, error catalogue). */
export type DialogKind =
  | 'message'
  | 'error'
  | 'info'
  | 'success'
  | 'warning'
  | 'helper'
  | 'waiting'
  | 'confirmation'
  | 'custom';

/** The kinds drawn as a modal window (success is a toast). */
export type ModalDialogKind = Exclude<DialogKind, 'success'>;

/** Per-call options; texts are already translated. */
export interface DialogOptions {
  /** Title; defaults to the translation of `DIALOG.TITLE.<KIND>`. */
  title?: string;
  /** Width in pixels; defaults to `platformConstants.dialogWidthPx` (430). */
  width?: number;
  /** Label of the OK button; defaults to `DIALOG.OK`. */
  okLabel?: string;
  /** Label of the Cancel button of a confirmation; defaults to `DIALOG.CANCEL`. */
  cancelLabel?: string;
}

/** How a dialog was closed: by its affirmative button, or dismissed (Cancel, escape, close). */
export type DialogOutcome = 'ok' | 'dismiss';

/** One open modal dialog, as the store keeps it. */
export interface DialogEntry {
  id: number;
  kind: ModalDialogKind;
  /** Body text; a waiting dialog without text shows `DIALOG.WAITING`. */
  text?: string;
  options: DialogOptions;
  /** Body of a custom dialog; `close` ends it with the outcome `ok`. */
  render?: (close: () => void) => ReactNode;
  /** Called once when the dialog leaves the stack. */
  settle: (outcome: DialogOutcome) => void;
}
