export { DialogHost, type DialogHostProps } from './dialog-host';
export { useDialogStore } from './dialog-store';
export type { DialogEntry, DialogKind, DialogOptions, DialogOutcome } from './dialog-types';
export { dialogs, resetDialogs, type WaitingHandle } from './dialogs';
