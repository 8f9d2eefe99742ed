import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DesignerActionBar } from '../kit/designer-actions';
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
export function DesignerActions({ listPath, onSave, ...props }: DesignerActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, readOnly } = useDesigner();
  return (
    <DesignerActionBar
      context={{
        ...props,
        readOnly,
        canCancel: !props.busy,
        deleteLabel: 'DESIGNER.DELETE',
        deleteConfirm: t('DESIGNER.DELETE_CONFIRM', { name: state.view.Name }),
        discardConfirm: t('DESIGNER.DISCARD_CONFIRM'),
        remove: () => dataSourceApi.remove(state.view.Id),
        save: onSave,
        leave: () => void navigate(listPath),
        t,
      }}
    />
  );
}
