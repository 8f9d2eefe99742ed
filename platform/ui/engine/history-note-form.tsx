import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveChangeLogRequestSchema } from '#metadata';
import { dialogs } from '../dialogs';
import { noteErrorText, saveHistoryNote } from './change-log-api';

const maxNote = saveChangeLogRequestSchema.properties.GenericLog.maxLength;

/**
 * "Add a note" under an entity's history: the note is saved as the signed-in user's
 * (`api/changelog/SaveChangeLog`); an empty one is refused before any call, a refused one
 * shows the server's messages joined with commas in an error dialog.
 */
export function HistoryNoteForm({
  entityType,
  entityId,
  onAdded,
}: {
  entityType: string;
  entityId: string;
  onAdded(): void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (text === '') {
      setError(t('ENGINE.NOTE.EMPTY'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await saveHistoryNote(entityType, entityId, text);
      setNote('');
      dialogs.success(t('ENGINE.NOTE.ADDED'));
      onAdded();
    } catch (failure) {
      void dialogs.error(noteErrorText(failure) ?? t('ENGINE.NOTE.FAILED'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="xs" maw={640}>
        <Textarea
          ref={input}
          label={t('ENGINE.NOTE.LABEL')}
          description={t('ENGINE.NOTE.HINT')}
          value={note}
          maxLength={maxNote}
          autosize
          minRows={2}
          maxRows={8}
          error={error}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={busy}>
            {t('ENGINE.NOTE.ADD')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
