import { Button, Card, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TemplateParameter } from '#metadata';
import { placeholderOf } from './insertion-targets';

interface ParameterListProps {
  parameters: readonly TemplateParameter[];
  /** Puts `{{Name}}` at the caret of the subject or body (the one last edited). */
  onInsert(placeholder: string): void;
  editable: boolean;
}

/** The template's parameters beside the editor: each inserted with a click. */
export function ParameterList({ parameters, onInsert, editable }: ParameterListProps) {
  const { t } = useTranslation();
  const named = parameters.filter((parameter) => parameter.Title);
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={4}>{t('TEMPLATES.PARAMETERS.TITLE')}</Title>
        <Text size="sm" c="dimmed">
          {t(editable ? 'TEMPLATES.PARAMETERS.HINT' : 'TEMPLATES.PARAMETERS.HINT_READ_ONLY')}
        </Text>
        {named.length === 0 && <Text size="sm">{t('TEMPLATES.PARAMETERS.NONE')}</Text>}
        {named.map((parameter) => (
          <Stack key={parameter.Title} gap={0}>
            <Tooltip label={t('TEMPLATES.PARAMETERS.INSERT', { name: parameter.Title })}>
              <Button
                variant="light"
                size="compact-sm"
                justify="flex-start"
                disabled={!editable}
                // Keep the caret where it is in the field being edited.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(placeholderOf(parameter.Title))}
              >
                {placeholderOf(parameter.Title)}
              </Button>
            </Tooltip>
            {parameter.Notes && (
              <Text size="xs" c="dimmed" pl={4}>
                {parameter.Notes}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
