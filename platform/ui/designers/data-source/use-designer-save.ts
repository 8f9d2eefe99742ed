import { type Dispatch, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceSave, DataSourceView } from '#metadata';
import { walkControls } from '#platform/core';
import { dialogs } from '../../dialogs';
import { failureText } from '../../engine/failure-text';
import { HttpError } from '../../http';
import { dataSourceApi } from './data-source-api';
import type { DesignerAction, DesignerState } from './designer-state';
import { saveBodyOf } from './save-body';
import { noServerErrors, serverErrorsOf } from './server-errors';

/** The 400 body of a refused data source save. */
interface Refusal {
  Message?: string;
  Errors?: unknown;
  AlreadyExists?: boolean;
  NeedsConfirmation?: boolean;
}

const refusalOf = (error: unknown): Refusal | null =>
  error instanceof HttpError && error.status === 400 && typeof error.body === 'object' && error.body
    ? (error.body as Refusal)
    : null;

interface SaveOptions {
  state: DesignerState;
  dispatch: Dispatch<DesignerAction>;
  /** After a new data source was created, as the server answered it. */
  onCreated(saved: DataSourceView): void;
  /** After a stale save (409), when the user asks for the data source as it is now. */
  reload(): void;
}

/**
 * Saves the design: POST for a new data source, PUT for one that exists. A save that would
 * drop a field holding data is confirmed and sent again with `ConfirmDataLoss`; field errors
 * go on what they name, a taken name on the Name, a stale save offers a reload.
 */
export function useDesignerSave({ state, dispatch, onCreated, reload }: SaveOptions) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const showRefusal = useCallback(
    async (error: unknown) => {
      const refusal = refusalOf(error);
      if (refusal && (refusal.AlreadyExists || Array.isArray(refusal.Errors))) {
        const ids = new Set([...walkControls(state.controls)].map(({ node }) => node.Id));
        const errors = serverErrorsOf(refusal.Errors, state.fields, ids);
        const name = refusal.AlreadyExists ? [t('DESIGNER.ALREADY_EXISTS')] : errors.name;
        dispatch({ type: 'serverErrors', errors: { ...errors, name } });
        return;
      }
      if (error instanceof HttpError && error.status === 409) {
        const ok = await dialogs.confirm(t('DESIGNER.STALE'), { okLabel: t('DESIGNER.RELOAD') });
        if (ok) reload();
        return;
      }
      await dialogs.error(failureText(error, t('ENGINE.SAVE_FAILED')));
    },
    [dispatch, reload, state.controls, state.fields, t],
  );

  const save = useCallback(async () => {
    setBusy(true);
    dispatch({ type: 'serverErrors', errors: noServerErrors });
    let body: DataSourceSave = saveBodyOf(state);
    try {
      for (;;) {
        try {
          const saved = await dataSourceApi.save(body);
          dispatch({ type: 'load', view: saved });
          dialogs.success(t('DESIGNER.SAVED'));
          if (state.view.Id === 0) onCreated(saved);
          return;
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal?.NeedsConfirmation || body.ConfirmDataLoss) throw error;
          const text = refusal.Message || t('DESIGNER.DATA_LOSS');
          if (!(await dialogs.confirm(text, { okLabel: t('DESIGNER.DATA_LOSS_OK') }))) return;
          body = { ...body, ConfirmDataLoss: true };
        }
      }
    } catch (error) {
      await showRefusal(error);
    } finally {
      setBusy(false);
    }
  }, [dispatch, onCreated, showRefusal, state, t]);

  return { save, busy };
}
