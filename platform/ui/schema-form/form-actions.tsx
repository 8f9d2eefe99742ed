import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  mode: 'edit' | 'view';
  submitLabel?: string;
  /** Save cannot be pressed (the app is busy). */
  busy: boolean;
  /** A save is under way (unique checks, then the app's `onSubmit`). */
  saving: boolean;
  onCancel?: () => void;
}

/** Save and Cancel under the form; in view mode only Back, when the app offers a way back. */
export function FormActions({ mode, submitLabel, busy, saving, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  if (mode === 'view' && !onCancel) return null;
  return (
    <Group justify="flex-end" gap="sm" mt="lg">
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {mode === 'view' ? t('FORM.BACK') : t('FORM.CANCEL')}
        </Button>
      )}
      {mode === 'edit' && (
        <Button type="submit" disabled={busy} loading={saving}>
          {submitLabel ?? t('FORM.SAVE')}
        </Button>
      )}
    </Group>
  );
}
