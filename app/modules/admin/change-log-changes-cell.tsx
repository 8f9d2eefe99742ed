import { Anchor, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '#metadata';
import { dialogs, type EntityRow, useChangeWords, useDateFormat } from '#platform/ui';
import { ClippedLine } from './change-log-text-cell';

/** Spec: the summary shows the first three changes, with a link to the rest. */
const shownChanges = 3;

function EntryDetails({
  row,
  changes,
  words,
}: {
  row: EntityRow;
  changes: readonly FieldChange[];
  words: (change: FieldChange) => string;
}) {
  const { t } = useTranslation();
  const time = useDateFormat().dateTime(row.DateTime);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('ENGINE.ENTRY_BY', { user: String(row.UserName ?? ''), time })}
      </Text>
      {typeof row.GenericLog === 'string' && row.GenericLog !== '' && (
        <Text size="sm">{row.GenericLog}</Text>
      )}
      <List size="sm" spacing={4}>
        {changes.map((change, index) => (
          <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
            {words(change)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The Changes cell of the audit log: the note, three changes in the user's words, then
 * "and N more" opening the entry with all of them.
 */
export function ChangeLogChangesCell({ value, row }: { value: unknown; row: EntityRow }) {
  const { t } = useTranslation();
  const words = useChangeWords(row.EntityType);
  const changes = Array.isArray(value) ? (value as FieldChange[]) : [];
  const rest = changes.length - shownChanges;
  const note = row.GenericLog;
  const showAll = () =>
    void dialogs.custom(() => <EntryDetails row={row} changes={changes} words={words} />, {
      title: t('ENGINE.ALL_CHANGES'),
    });
  return (
    <Stack gap={2}>
      {typeof note === 'string' && note !== '' && <ClippedLine text={note} />}
      {changes.slice(0, shownChanges).map((change, index) => (
        <ClippedLine key={index} text={words(change)} />
      ))}
      {rest > 0 && (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={showAll}>
          {t('ENGINE.MORE_CHANGES', { count: rest })}
        </Anchor>
      )}
    </Stack>
  );
}
