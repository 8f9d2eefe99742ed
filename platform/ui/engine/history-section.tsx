import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChangeLogEntry, changeLogEntity, type JsonSchema } from '#metadata';
import { useChangeWords } from './change-words';
import { HistoryNoteForm } from './history-note-form';
import { HistoryTable } from './history-table';
import { useCan } from './use-can';
import type { Loaded } from './use-grid-page';

function useHistory(load: () => Promise<ChangeLogEntry[]>, attempt: number) {
  const [state, setState] = useState<Loaded<ChangeLogEntry[]>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  return state;
}

export interface HistorySectionProps {
  /** The change log's type and key of the row (`Unit`, `12`). */
  entityType: string;
  entityId: string;
  /** Loads the row's entries, newest first (keep it stable: a new function loads again). */
  load(): Promise<ChangeLogEntry[]>;
  /** The row's schema, naming its fields in the changes (default: the built-in entity's). */
  schema?: JsonSchema;
}

/**
 * A row's history under its detail: the entries newest first (four changes each before an
 * ellipsis) and, for those the server lets add notes, "Add a note".
 */
export function HistorySection({ entityType, entityId, load, schema }: HistorySectionProps) {
  const { t } = useTranslation();
  const can = useCan();
  const [attempt, setAttempt] = useState(0);
  const history = useHistory(load, attempt);
  const words = useChangeWords(entityType, schema);
  const titleId = useId();

  let body;
  if (history.status === 'loading') body = <Loader size="sm" type="dots" />;
  else if (history.status === 'failed') body = <Text c="red">{t('UDT.HISTORY_NOT_LOADED')}</Text>;
  else if (history.value.length === 0) body = <Text c="dimmed">{t('UDT.HISTORY_EMPTY')}</Text>;
  else body = <HistoryTable entries={history.value} words={words} />;

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} id={titleId}>
        {t('ENGINE.HISTORY')}
      </Title>
      {can(changeLogEntity.permissions.create) && (
        <HistoryNoteForm
          entityType={entityType}
          entityId={entityId}
          onAdded={() => setAttempt((n) => n + 1)}
        />
      )}
      {body}
    </Stack>
  );
}
