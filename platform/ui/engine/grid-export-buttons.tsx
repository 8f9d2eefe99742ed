import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridPage } from '#metadata';
import { DownloadButton } from '../downloads';
import type { ODataRequest } from '../schema-grid';
import { type ExportFormat, exportGridPage } from './user-table-api';

const formats: readonly ExportFormat[] = ['xlsx', 'csv'];

/** A file name from the page's title: letters, digits, spaces, dots and dashes only. */
const fileNameOf = (title: string, format: ExportFormat) =>
  `${title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'export'}.${format}`;

/**
 * The export buttons of a grid page (.xlsx and .csv): every row through the filter and in
 * the order the grid shows at the moment of the click (`request`, the grid's last request).
 */
export function GridExportButtons({
  page,
  request,
}: {
  page: GridPage;
  request: RefObject<ODataRequest | null>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {formats.map((format) => (
        <DownloadButton
          key={format}
          download={() => exportGridPage(page, format, request.current)}
          fallbackName={fileNameOf(t(page.PageTitle), format)}
          failure={t('UDT.EXPORT_FAILED')}
        >
          {t(format === 'xlsx' ? 'UDT.EXPORT_XLSX' : 'UDT.EXPORT_CSV')}
        </DownloadButton>
      ))}
    </>
  );
}
