import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowProblem } from '#metadata';
import {
  dialogs,
  DownloadButton,
  type EntityToolbarProps,
  HttpError,
  UploadButton,
  useCan,
} from '#platform/ui';
import { downloadMaterials, uploadMaterials } from '../catalogue-api';
import { UploadErrorsDialog } from './upload-errors-dialog';

const manageMaterials = 'ManageMaterials';

const looksLikeXlsx = (file: File) => /\.xlsx$/i.test(file.name);

function MaterialsUpload({ reload }: { reload(): void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<readonly RowProblem[] | null>(null);

  const upload = async (file: File) => {
    if (!looksLikeXlsx(file)) {
      await dialogs.warning(t('MATERIAL_SHEETS.WRONG_FORMAT'));
      return;
    }
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
    }
  };

  return (
    <>
      <UploadButton
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        fileLabel={t('MATERIAL_SHEETS.FILE')}
        upload={upload}
      >
        {t('MATERIAL_SHEETS.UPLOAD')}
      </UploadButton>
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
      <MaterialsUpload reload={reload} />
    </>
  );
}
