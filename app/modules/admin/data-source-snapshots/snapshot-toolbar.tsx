import { Button, FileButton } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dialogs,
  DownloadButton,
  type EntityToolbarProps,
  HttpError,
  StrokeIcon,
  useCan,
} from '#platform/ui';
import { exportSnapshot, previewSnapshot } from './snapshot-api';
import { readSnapshotFile } from './snapshot-file';
import { SnapshotImportDialog, type SnapshotPreview } from './snapshot-import-dialog';

const designers = 'ManageDataSources';

const failureText = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.message ? error.message : fallback;

const UploadIcon = () => (
  <StrokeIcon size={14}>
    <path d="M12 20V9m-5 5 5-5 5 5M5 4h14" />
  </StrokeIcon>
);

function ExportButton() {
  const { t } = useTranslation();
  return (
    <DownloadButton
      download={exportSnapshot}
      fallbackName="data-sources.json"
      failure={t('DESIGNER.SNAPSHOT.EXPORT_FAILED')}
    >
      {t('DESIGNER.SNAPSHOT.EXPORT')}
    </DownloadButton>
  );
}

function ImportButton({ reload }: { reload(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<SnapshotPreview | null>(null);
  const resetRef = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    // The same file may be chosen again (after fixing it, or after cancelling).
    resetRef.current?.();
    if (!file) return;
    setBusy(true);
    try {
      const reading = await readSnapshotFile(file);
      if ('refusal' in reading) {
        await dialogs.warning(t(reading.refusal, { file: file.name }));
        return;
      }
      const changes = await previewSnapshot(reading.snapshot);
      setPreview({ fileName: file.name, snapshot: reading.snapshot, changes });
    } catch (error) {
      await dialogs.warning(failureText(error, t('DESIGNER.SNAPSHOT.PREVIEW_FAILED')));
    } finally {
      setBusy(false);
    }
  };
  const imported = () => {
    setPreview(null);
    dialogs.success(t('DESIGNER.SNAPSHOT.IMPORTED'));
    reload();
  };

  return (
    <>
      <FileButton
        onChange={(file) => void choose(file)}
        accept=".json,application/json"
        resetRef={resetRef}
        inputProps={{ 'aria-label': t('DESIGNER.SNAPSHOT.FILE') }}
      >
        {(props) => (
          <Button {...props} size="xs" variant="light" leftSection={<UploadIcon />} loading={busy}>
            {t('DESIGNER.SNAPSHOT.IMPORT')}
          </Button>
        )}
      </FileButton>
      {preview && (
        <SnapshotImportDialog
          preview={preview}
          onClose={() => setPreview(null)}
          onImported={imported}
        />
      )}
    </>
  );
}

/** Export and import of the user tables' definitions, above the list of data sources. */
export function DataSourceSnapshotToolbar({ reload }: EntityToolbarProps) {
  const can = useCan();
  if (!can(designers)) return null;
  return (
    <>
      <ExportButton />
      <ImportButton reload={reload} />
    </>
  );
}
