import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dialogs } from '../../dialogs';
import { failureText } from '../../engine/failure-text';
import { dataSourceApi } from './data-source-api';
import { useDesigner } from './designer-context';

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
    if (dirty && !(await dialogs.confirm(t('DESIGNER.DISCARD_CONFIRM')))) return;
    navigate(listPath);
  };
  const remove = async () => {
    const text = t('DESIGNER.DELETE_CONFIRM', { name: state.view.Name });
    if (!(await dialogs.confirm(text, { okLabel: t('DESIGNER.DELETE') }))) return;
    try {
      await dataSourceApi.remove(state.view.Id);
    } catch (error) {
      // E.g. the grid pages that show it: the server names them.
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
          {t('DESIGNER.DELETE')}
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
