import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition, JsonSchema } from '#metadata';
import { SchemaForm } from '../../schema-form';
import { useDesigner } from './designer-context';
import { previewOf } from './save-body';

type Preview = { schema: JsonSchema; uiSchema: FormDefinition };

/**
 * The form as users will get it, drawn by the engine's `SchemaForm` from the current trees.
 * Submitting validates as the real form would and saves nothing. While the field tree has a
 * problem (a name being typed, say) the last sound design stays on show.
 */
export function FormPreview({ headingId, sound }: { headingId: string; sound: boolean }) {
  const { t } = useTranslation();
  const { state } = useDesigner();
  const { fields, controls, view } = state;
  const current = useMemo<Preview | null>(() => {
    if (view.IsVirtual) {
      // A built-in table's own form: shown as stored, as the designer cannot change it.
      return { schema: view.SchemaDefinition, uiSchema: view.FormDefinition ?? {} };
    }
    return sound ? previewOf({ fields, controls, view }) : null;
  }, [fields, controls, view, sound]);
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const shown = current ?? last;
  const [checked, setChecked] = useState<Preview | null>(null);
  const formData = useMemo(() => ({}), []);

  return (
    <Stack gap="sm">
      <Title order={3} id={headingId}>
        {t('DESIGNER.PREVIEW')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('DESIGNER.PREVIEW.HELP')}
      </Text>
      {!current && <Alert color="yellow">{t('DESIGNER.PREVIEW.STALE')}</Alert>}
      {checked !== null && checked === shown && (
        <Alert color="green">{t('DESIGNER.PREVIEW.VALID')}</Alert>
      )}
      {shown && (
        <SchemaForm<Record<string, unknown>>
          schema={shown.schema}
          uiSchema={shown.uiSchema}
          formData={formData}
          mode="edit"
          idPrefix="preview"
          submitLabel={t('DESIGNER.PREVIEW.CHECK')}
          onSubmit={() => setChecked(shown)}
        />
      )}
    </Stack>
  );
}
