import { Button, FileButton, Switch } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowProblem } from '#metadata';
import {
  dialogs,
  DownloadButton,
  type EntityToolbarProps,
  HttpError,
  StrokeIcon,
  useCan,
} from '#platform/ui';
import { downloadMaterials, uploadMaterials } from '../catalogue-api';
import { UploadErrorsDialog } from './upload-errors-dialog';

const manageMaterials = 'ManageMaterials';

const UploadIcon = () => (
  <StrokeIcon size={14}>
    <path d="M12 20V9m-5 5 5-5 5 5M5 4h14" />
  </StrokeIcon>
);

const looksLikeXlsx = (file: File) => /\.xlsx$/i.test(file.name);

function UploadButton({ reload }: { reload(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<readonly RowProblem[] | null>(null);
  const resetRef = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    // The same file may be chosen again, once fixed.
    resetRef.current?.();
    if (!file) return;
    if (!looksLikeXlsx(file)) {
      await dialogs.warning(t('MATERIAL_SHEETS.WRONG_FORMAT'));
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadMaterials(file);
      if (answer.Errors.length > 0) {
        setErrors(answer.Errors);
        return;
      }
      dialogs.success(
        t('MATERIAL_SHEETS.UPLOADED', {
          created: answer.Created,
          updated: answer.Updated,
          unchanged: answer.Unchanged,
        }),
      );
      reload();
    } catch (error) {
      const message = error instanceof HttpError && error.message ? error.message : null;
      await dialogs.warning(message ?? t('MATERIAL_SHEETS.UPLOAD_FAILED'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FileButton
        onChange={(file) => void choose(file)}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        resetRef={resetRef}
        inputProps={{ 'aria-label': t('MATERIAL_SHEETS.FILE') }}
      >
        {(props) => (
          <Button {...props} size="xs" variant="light" leftSection={<UploadIcon />} loading={busy}>
            {t('MATERIAL_SHEETS.UPLOAD')}
          </Button>
        )}
      </FileButton>
      {errors && <UploadErrorsDialog errors={errors} onClose={() => setErrors(null)} />}
    </>
  );
}

/** Download and upload of the materials workbook, above the materials grid. */
export function MaterialSheetsToolbar({ reload }: EntityToolbarProps) {
  const { t } = useTranslation();
  const can = useCan();
  const [includeInactive, setIncludeInactive] = useState(false);
  if (!can(manageMaterials)) return null;
  return (
    <>
      <DownloadButton
        download={() => downloadMaterials(includeInactive)}
        fallbackName="materials.xlsx"
        failure={t('MATERIAL_SHEETS.DOWNLOAD_FAILED')}
      >
        {t('MATERIAL_SHEETS.DOWNLOAD')}
      </DownloadButton>
      <Switch
        size="xs"
        label={t('MATERIAL_SHEETS.INCLUDE_INACTIVE')}
        checked={includeInactive}
        onChange={(event) => setIncludeInactive(event.currentTarget.checked)}
      />
      <UploadButton reload={reload} />
    </>
  );
}
