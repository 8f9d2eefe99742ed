import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridPage } from '#metadata';
import { dialogs } from '../dialogs';
import { HttpError } from '../http';
import { SaveFailure } from '../schema-form';
import { type EntityRow, saveRow } from './entity-api';
import type { EntityExtension } from './entity-extensions';
import { duplicateKeyFailure } from './duplicate-key';
import { failureText } from './failure-text';

interface SaveOptions {
  page: GridPage;
  extension: EntityExtension;
  /** After a save the server took. */
  onSaved(): void;
  /** After a stale save (409), to show the row as it is now. */
  reload(): void;
}

/**
 * The detail form's submit: the extension's `beforeSave`, the save call, and the answer read
 * by the extension's `afterSave`. Field errors (flags of a 200, or a 400 with `Errors`) are
 * thrown as `SaveFailure` for the form to show; other refusals are shown in a dialog.
 */
export function useEntitySave({ page, extension, onSaved, reload }: SaveOptions) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const submit = useCallback(
    async (data: EntityRow) => {
      setBusy(true);
      try {
        const body = extension.beforeSave ? await extension.beforeSave(data) : data;
        const answer = await saveRow(page, body);
        const refused = extension.afterSave?.(answer);
        if (refused && refused.length > 0) throw new SaveFailure(refused);
        if (answer.Succeeded === false) {
          await dialogs.error(t('ENGINE.SAVE_FAILED'));
          return;
        }
        dialogs.success(t('ENGINE.SAVED'));
        onSaved();
      } catch (error) {
        const failure =
          duplicateKeyFailure(error, page, (key, options) => t(key, options ?? {})) ??
          SaveFailure.from(error);
        if (failure) throw failure;
        if (error instanceof HttpError && error.status === 409) {
          await dialogs.warning(failureText(error, t('ENGINE.STALE')));
          reload();
          return;
        }
        await dialogs.error(failureText(error, t('ENGINE.SAVE_FAILED')));
      } finally {
        setBusy(false);
      }
    },
    [extension, onSaved, page, reload, t],
  );

  return { submit, busy };
}
