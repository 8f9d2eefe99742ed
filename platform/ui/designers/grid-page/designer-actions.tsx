import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dialogs } from '../../dialogs';
import { failureText } from '../../engine/failure-text';
import { useDesigner } from './designer-context';
import { gridPageApi } from './grid-page-api';

interface DesignerActionsProps {
  listPath: string;
  dirty: boolean;
  busy: boolean;
  canSave: boolean;
  canDelete: boolean;
  onSave(): void;
}

/** Delete (with confirmation), Cancel (asking when there are unsaved changes) and Save. */
export function DesignerActions({
  listPath,
  dirty,
  busy,
  canSave,
  canDelete,
  onSave,
}: DesignerActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, readOnly } = useDesigner();

  const cancel = async () => {
    if (dirty && !(await dialogs.confirm(t('GRID_DESIGNER.DISCARD_CONFIRM')))) return;
    navigate(listPath);
  };
  const remove = async () => {
    const text = t('GRID_DESIGNER.DELETE_CONFIRM', { title: t(state.page.PageTitle) });
    if (!(await dialogs.confirm(text, { okLabel: t('GRID_DESIGNER.DELETE') }))) return;
    try {
      await gridPageApi.remove(state.page.Id);
    } catch (error) {
      // A built-in page, say: the server says why.
      await dialogs.warning(failureText(error, t('ENGINE.DELETE_FAILED')));
      return;
    }
    dialogs.success(t('ENGINE.DELETED'));
    navigate(listPath);
  };

  return (
    <Group justify="flex-end" gap="sm">
      {canDelete && (
        <Button color="red" variant="light" onClick={() => void remove()} disabled={busy}>
          {t('GRID_DESIGNER.DELETE')}
        </Button>
      )}
      <Button variant="default" onClick={() => void cancel()} disabled={busy}>
        {t(readOnly ? 'FORM.BACK' : 'FORM.CANCEL')}
      </Button>
      {!readOnly && (
        <Button onClick={onSave} disabled={!canSave} loading={busy}>
          {t('FORM.SAVE')}
        </Button>
      )}
    </Group>
  );
}
