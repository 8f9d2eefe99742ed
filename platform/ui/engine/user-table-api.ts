import type { ChangeLogEntry, GridPage } from '#metadata';
import { type DownloadedFile, http } from '../http';
import type { ODataRequest } from '../schema-grid';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * `GET api/grids/{id}/export`: the page's rows as a spreadsheet or CSV file, through the
 * filter and in the order the grid shows them (every page of them). Failures come back to
 * the caller.
 */
export function exportGridPage(
  page: GridPage,
  format: ExportFormat,
  request: Pick<ODataRequest, '$filter' | '$orderby'> | null,
): Promise<DownloadedFile> {
  return http.get<DownloadedFile>(`/api/grids/${page.Id}/export`, {
    query: {
      format,
      $filter: request?.$filter,
      $orderby: request?.$orderby,
      // Moments are written as the user sees them, in their time zone.
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    responseType: 'file',
    errorHandling: 'none',
  });
}

/** `GET api/dataSources/{id}/data/{rowId}/history`: a row's changes, newest first. */
export function loadRowHistory(page: GridPage, rowId: unknown): Promise<ChangeLogEntry[]> {
  const id = encodeURIComponent(String(rowId));
  return http.get<ChangeLogEntry[]>(`/api/dataSources/${page.DataSourceId}/data/${id}/history`, {
    errorHandling: 'none',
  });
}
