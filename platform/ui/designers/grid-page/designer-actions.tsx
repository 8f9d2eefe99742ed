import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DesignerActionBar } from '../kit/designer-actions';
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
        deleteLabel: 'GRID_DESIGNER.DELETE',
        deleteConfirm: t('GRID_DESIGNER.DELETE_CONFIRM', { title: t(state.page.PageTitle) }),
        discardConfirm: t('GRID_DESIGNER.DISCARD_CONFIRM'),
        remove: () => gridPageApi.remove(state.page.Id),
        save: onSave,
        leave: () => void navigate(listPath),
        t,
      }}
    />
  );
}
