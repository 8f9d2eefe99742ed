import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { nextDialogId, useDialogStore } from './dialog-store';
import type { DialogOptions, ModalDialogKind } from './dialog-types';
import { showSuccessToast } from './success-toast';

/** Handle of an open waiting dialog. */
export interface WaitingHandle {
  close: () => void;
}

function openNotice(kind: ModalDialogKind, text: string, options: DialogOptions): Promise<void> {
  return new Promise((resolve) => {
    useDialogStore
      .getState()
      .open({ id: nextDialogId(), kind, text, options, settle: () => resolve() });
  });
}

/**
 * Opens dialogs from anywhere, inside React or not (the HTTP client uses it). Texts are
 * already translated; default titles and button labels are translated by `<DialogHost />`,
 * which must be mounted once.
 *
 * @example
 * await dialogs.error(t('PAGES.USERS.SAVE_FAILED'));
 * if (await dialogs.confirm(t('PAGES.USERS.DELETE_CONFIRM'))) await remove(user);
 * const busy = dialogs.waiting();
 * try { await save(); } finally { busy.close(); }
 * dialogs.success(t('SAVED'));
 */
export const dialogs = {
  /** A plain message; resolves when closed. */
  message: (text: string, options: DialogOptions = {}) => openNotice('message', text, options),
  /** An error, drawn in red; resolves when closed. */
  error: (text: string, options: DialogOptions = {}) => openNotice('error', text, options),
  /** Information; resolves when closed. */
  info: (text: string, options: DialogOptions = {}) => openNotice('info', text, options),
  /** A warning, drawn in orange; resolves when closed. */
  warning: (text: string, options: DialogOptions = {}) => openNotice('warning', text, options),
  /** Help text; resolves when closed. */
  helper: (text: string, options: DialogOptions = {}) => openNotice('helper', text, options),

  /** A toast that hides itself after 3 s and can be dismissed after 1 s. */
  success: (text: string, options: Pick<DialogOptions, 'title'> = {}): void => {
    showSuccessToast(text, options.title);
  },

  /** A modal with a loader and no close button, until `close()` is called. */
  waiting: (text?: string, options: DialogOptions = {}): WaitingHandle => {
    const id = nextDialogId();
    useDialogStore.getState().open({ id, kind: 'waiting', text, options, settle: () => {} });
    return { close: () => useDialogStore.getState().close(id) };
  },

  /** OK resolves `true`; Cancel, escape or the close button resolve `false`. */
  confirm: (text: string, options: DialogOptions = {}): Promise<boolean> =>
    new Promise((resolve) => {
      useDialogStore.getState().open({
        id: nextDialogId(),
        kind: 'confirmation',
        text,
        options,
        settle: (outcome) => resolve(outcome === 'ok'),
      });
    }),

  /**
   * A modal with any content; `close(result)` ends it with that result, dismissing it
   * (escape, close button) gives `undefined`.
   */
  custom: <T>(
    render: (close: (result?: T) => void) => ReactNode,
    options: DialogOptions = {},
  ): Promise<T | undefined> =>
    new Promise((resolve) => {
      const id = nextDialogId();
      let result: T | undefined;
      useDialogStore.getState().open({
        id,
        kind: 'custom',
        options,
        render: (close) =>
          render((value) => {
            result = value;
            close();
          }),
        settle: (outcome) => resolve(outcome === 'ok' ? result : undefined),
      });
    }),

  /** Closes every open dialog (as dismissed) and every toast. */
  closeAll: (): void => {
    useDialogStore.getState().closeAll();
    notifications.clean();
  },
};

/** Test helper: closes everything, so each test starts with no dialogs. */
export function resetDialogs(): void {
  dialogs.closeAll();
}
