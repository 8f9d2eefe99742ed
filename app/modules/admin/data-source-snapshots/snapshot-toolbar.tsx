import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dialogs,
  DownloadButton,
  type EntityToolbarProps,
  HttpError,
  UploadButton,
  useCan,
} from '#platform/ui';
import { exportSnapshot, previewSnapshot } from './snapshot-api';
import { readSnapshotFile } from './snapshot-file';
import { SnapshotImportDialog, type SnapshotPreview } from './snapshot-import-dialog';

const designers = 'ManageDataSources';

const failureText = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.message ? error.message : fallback;

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
  const [preview, setPreview] = useState<SnapshotPreview | null>(null);

  const choose = async (file: File) => {
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
    }
  };
  const imported = () => {
    setPreview(null);
    dialogs.success(t('DESIGNER.SNAPSHOT.IMPORTED'));
    reload();
  };

  return (
    <>
      <UploadButton
        accept=".json,application/json"
        fileLabel={t('DESIGNER.SNAPSHOT.FILE')}
        upload={choose}
      >
        {t('DESIGNER.SNAPSHOT.IMPORT')}
      </UploadButton>
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
