import { type Dispatch, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../dialogs';
import { failureText } from '../../engine/failure-text';
import { HttpError } from '../../http';
import type { DesignerAction } from './designer-state';
import type { DesignerState } from './drafts';
import { gridPageApi, type GridPageView } from './grid-page-api';
import { saveBodyOf, sentItemsOf } from './save-body';
import { noServerErrors, serverErrorsOf } from './server-errors';

/** The 400 body of a refused grid page save. */
interface Refusal {
  Message?: string;
  Errors?: unknown;
  ValidationErrors?: unknown;
  AlreadyExists?: boolean;
}

const refusalOf = (error: unknown): Refusal | null =>
  error instanceof HttpError && error.status === 400 && typeof error.body === 'object' && error.body
    ? (error.body as Refusal)
    : null;

interface SaveOptions {
  state: DesignerState;
  dispatch: Dispatch<DesignerAction>;
  /** After a new grid page was created, as the server answered it. */
  onCreated(saved: GridPageView): void;
  /** After a stale save (409), when the user asks for the page as it is now. */
  reload(): void;
}

/**
 * Saves the design: POST for a new grid page, PUT for one that exists. Field errors go on what
 * they name (a column or action by its place in the lists sent), a taken title on the title,
 * a stale save offers a reload; anything else is an error dialog.
 */
export function useDesignerSave({ state, dispatch, onCreated, reload }: SaveOptions) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const showRefusal = useCallback(
    async (error: unknown, sent: ReturnType<typeof sentItemsOf>) => {
      const refusal = refusalOf(error);
      const listed = refusal?.ValidationErrors ?? refusal?.Errors;
      if (refusal && (refusal.AlreadyExists || Array.isArray(listed))) {
        const describe = (property: string, problem: string) =>
          t('GRID_DESIGNER.PROPERTY_PROBLEM', { property, problem });
        const errors = serverErrorsOf(listed, sent, describe);
        const title = refusal.AlreadyExists
          ? [t('GRID_DESIGNER.ALREADY_EXISTS')]
          : errors.settings.PageTitle;
        const settings = title ? { ...errors.settings, PageTitle: title } : errors.settings;
        const other =
          errors.other.length === 0 &&
          Object.keys(settings).length + Object.keys(errors.items).length === 0
            ? [refusal.Message ?? t('ENGINE.SAVE_FAILED')]
            : errors.other;
        dispatch({ type: 'serverErrors', errors: { ...errors, settings, other } });
        return;
      }
      if (error instanceof HttpError && error.status === 409) {
        const ok = await dialogs.confirm(t('GRID_DESIGNER.STALE'), {
          okLabel: t('GRID_DESIGNER.RELOAD'),
        });
        if (ok) reload();
        return;
      }
      await dialogs.error(failureText(error, t('ENGINE.SAVE_FAILED')));
    },
    [dispatch, reload, t],
  );

  const save = useCallback(async () => {
    setBusy(true);
    dispatch({ type: 'serverErrors', errors: noServerErrors });
    const sent = sentItemsOf(state);
    try {
      const saved = await gridPageApi.save(saveBodyOf(state));
      dispatch({ type: 'load', page: saved });
      dialogs.success(t('GRID_DESIGNER.SAVED'));
      if (state.page.Id === 0) onCreated(saved);
    } catch (error) {
      await showRefusal(error, sent);
    } finally {
      setBusy(false);
    }
  }, [dispatch, onCreated, showRefusal, state, t]);

  return { save, busy };
}
