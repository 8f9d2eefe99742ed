import { type Dispatch, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuSaveItem } from '#metadata';
import { dialogs } from '../../dialogs';
import { failureText } from '../../engine/failure-text';
import { HttpError } from '../../http';
import { menuApi } from './menu-api';
import { menuItemsOf } from './menu-nodes';
import type { MenuEditorAction, MenuEditorState } from './menu-state';

/** The server's errors of a refused save (`MenuItems.3.Url`), by the Id of the item sent. */
function errorsByItem(errors: unknown, sent: readonly MenuSaveItem[]) {
  const byItem: Record<number, string[]> = {};
  if (!Array.isArray(errors)) return byItem;
  for (const error of errors as { Field?: unknown; Message?: unknown }[]) {
    const match = /^MenuItems\.(\d+)\.(\w+)$/.exec(String(error.Field));
    const item = match ? sent[Number(match[1])] : undefined;
    if (!item) continue;
    (byItem[item.Id] ??= []).push(`${match![2]}: ${String(error.Message)}`);
  }
  return byItem;
}

interface SaveOptions {
  language: string;
  state: MenuEditorState;
  dispatch: Dispatch<MenuEditorAction>;
  /** Loads the menu again (after a stale save, when the user asks). */
  reload(): void;
}

/**
 * Saves the menu with the ETag it was read with: the answer (with real ids) becomes the menu
 * edited; a refusal is shown on the items it names; a stale save (409) offers a reload.
 */
export function useMenuSave({ language, state, dispatch, reload }: SaveOptions) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const save = useCallback(async () => {
    setBusy(true);
    dispatch({ type: 'refused', message: null, errors: {} });
    const items = menuItemsOf(state.nodes);
    try {
      const saved = await menuApi.save({ Language: language, MenuItems: items }, state.etag);
      dispatch({ type: 'load', ...saved });
      dialogs.success(t('MENU_EDITOR.SAVED'));
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        const ok = await dialogs.confirm(t('MENU_EDITOR.STALE'), {
          okLabel: t('MENU_EDITOR.RELOAD'),
        });
        if (ok) reload();
      } else if (error instanceof HttpError && error.status === 400) {
        const body = (error.body ?? {}) as { Errors?: unknown };
        dispatch({
          type: 'refused',
          message: failureText(error, t('MENU_EDITOR.REFUSED_SAVE')),
          errors: errorsByItem(body.Errors, items),
        });
      } else {
        await dialogs.error(failureText(error, t('MENU_EDITOR.SAVE_FAILED')));
      }
    } finally {
      setBusy(false);
    }
  }, [dispatch, language, reload, state.etag, state.nodes, t]);

  return { save, busy };
}
