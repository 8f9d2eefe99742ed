import { Anchor, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '#metadata';
import { dialogs } from '#platform/ui';

/** Spec: the summary shows the first three changes, with a link to the rest. */
const shownChanges = 3;

function ChangeList({ changes }: { changes: readonly FieldChange[] }) {
  return (
    <List size="sm" spacing={2}>
      {changes.map((change, index) => (
        <List.Item key={index}>{change.ChangeText}</List.Item>
      ))}
    </List>
  );
}

/** The Changes cell of the audit log: three changes, then "and N more" opening them all. */
export function ChangeLogChangesCell({ value, note }: { value: unknown; note: unknown }) {
  const { t } = useTranslation();
  const changes = Array.isArray(value) ? (value as FieldChange[]) : [];
  const rest = changes.length - shownChanges;
  const showAll = () =>
    void dialogs.custom(() => <ChangeList changes={changes} />, { title: t('ENGINE.ALL_CHANGES') });
  return (
    <Stack gap={2}>
      {typeof note === 'string' && note !== '' && <Text size="sm">{note}</Text>}
      {changes.slice(0, shownChanges).map((change, index) => (
        <Text key={index} size="sm" lineClamp={1} title={change.ChangeText}>
          {change.ChangeText}
        </Text>
      ))}
      {rest > 0 && (
        <Anchor component="button" type="button" size="sm" onClick={showAll}>
          {t('ENGINE.MORE_CHANGES', { count: rest })}
        </Anchor>
      )}
    </Stack>
  );
}
