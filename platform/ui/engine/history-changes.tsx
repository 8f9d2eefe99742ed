import { Anchor, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeLogEntry, FieldChange } from '#metadata';

/** Spec: a row's history shows four changes of an entry before an ellipsis link. */
export const historyShownChanges = 4;

/** The note and changes of one history entry: four changes, then "…" showing the rest. */
export function HistoryChanges({
  entry,
  words,
}: {
  entry: ChangeLogEntry;
  words: (change: FieldChange) => string;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const rest = entry.Changes.length - historyShownChanges;
  const changes = all ? entry.Changes : entry.Changes.slice(0, historyShownChanges);
  const more = t('ENGINE.SHOW_ALL_CHANGES', { count: entry.Changes.length });
  return (
    <Stack gap={2}>
      {entry.GenericLog && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.GenericLog}
        </Text>
      )}
      {changes.length > 0 && (
        <List size="sm" spacing={2}>
          {changes.map((change, index) => (
            <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
              {words(change)}
            </List.Item>
          ))}
        </List>
      )}
      {!all && rest > 0 && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          title={more}
          onClick={() => setAll(true)}
        >
          {'… '}
          <VisuallyHidden>{more}</VisuallyHidden>
        </Anchor>
      )}
    </Stack>
  );
}
