import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Snapshot, SnapshotChange } from '#metadata';
import { HttpError } from '#platform/ui';
import { importSnapshot } from './snapshot-api';
import { SnapshotPreviewTable } from './snapshot-preview-table';

/** A snapshot read from a file, with the server's preview of importing it. */
export interface SnapshotPreview {
  fileName: string;
  snapshot: Snapshot;
  changes: SnapshotChange[];
}

export interface SnapshotImportDialogProps {
  preview: SnapshotPreview;
  onClose(): void;
  onImported(): void;
}

/** The server's reason for refusing the import, and whether it asks for the confirmation. */
function refusalOf(error: unknown) {
  if (!(error instanceof HttpError)) return { message: null, needsConfirmation: false };
  const body: unknown = error.body;
  const asks = typeof body === 'object' && body !== null && 'NeedsConfirmation' in body;
  return {
    message: error.message || null,
    needsConfirmation: asks && body.NeedsConfirmation === true,
  };
}

/**
 * The preview of an import, and the import: refused while any data source has problems, and
 * until the user confirms the loss of data when any change removes fields that hold some.
 */
export function SnapshotImportDialog({ preview, onClose, onImported }: SnapshotImportDialogProps) {
  const { t } = useTranslation();
  const { changes } = preview;
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The data may have changed since the preview: the server then asks for the confirmation.
  const [serverAsks, setServerAsks] = useState(false);
  const hasProblems = changes.some((change) => change.Problems.length > 0);
  const nothingToDo = changes.every((change) => change.Action === 'Unchanged');
  const losesData = serverAsks || changes.some((change) => change.Destructive);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await importSnapshot(preview.snapshot, losesData && confirmed);
      onImported();
    } catch (error) {
      const refusal = refusalOf(error);
      setServerAsks((asks) => asks || refusal.needsConfirmation);
      setFailure(refusal.message ?? t('DESIGNER.SNAPSHOT.IMPORT_FAILED'));
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="64rem"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('DIALOG.CLOSE') }}
      title={t('DESIGNER.SNAPSHOT.TITLE', { file: preview.fileName })}
    >
      <Stack gap="md">
        {changes.length === 0 ? (
          <Text>{t('DESIGNER.SNAPSHOT.EMPTY')}</Text>
        ) : (
          <>
            <Text size="sm">{t('DESIGNER.SNAPSHOT.INTRO')}</Text>
            <SnapshotPreviewTable changes={changes} />
          </>
        )}
        {hasProblems && (
          <Alert color="red" variant="light">
            {t('DESIGNER.SNAPSHOT.HAS_PROBLEMS')}
          </Alert>
        )}
        {!hasProblems && nothingToDo && changes.length > 0 && (
          <Text size="sm">{t('DESIGNER.SNAPSHOT.NOTHING_TO_DO')}</Text>
        )}
        {losesData && !hasProblems && (
          <Checkbox
            color="red"
            label={t('DESIGNER.SNAPSHOT.CONFIRM_DATA_LOSS')}
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
          />
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('DESIGNER.SNAPSHOT.CANCEL')}
          </Button>
          <Button
            color={losesData ? 'red' : undefined}
            loading={busy}
            disabled={hasProblems || nothingToDo || (losesData && !confirmed)}
            onClick={() => void submit()}
          >
            {t('DESIGNER.SNAPSHOT.IMPORT_SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
