import type { MaterialUpload, UnitSync, UnitSyncApplied, UnitSyncChoice } from '#metadata';
import { type DownloadedFile, http } from '#platform/ui';

// Failures come back to the callers, which show the server's message where the user is.

/** The materials workbook (.xlsx), active materials only unless asked. */
export function downloadMaterials(includeInactive: boolean): Promise<DownloadedFile> {
  return http.get<DownloadedFile>('/api/downloaduploadmaterials/download', {
    query: { includeInactiveMaterials: includeInactive },
    responseType: 'file',
    errorHandling: 'none',
  });
}

/** Uploads a workbook: an empty `Errors` means saved, else nothing was. */
export function uploadMaterials(file: File): Promise<MaterialUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.post<MaterialUpload>('/api/downloaduploadmaterials/save', {
    body,
    errorHandling: 'none',
  });
}

/** Our units compared with the recording system's. */
export function compareUnits(): Promise<UnitSync> {
  return http.get<UnitSync>('/api/syncunits/GetSyncUnits', { errorHandling: 'none' });
}

/** Applies the confirmed differences of the comparison the token names. */
export function applyUnitSync(choice: UnitSyncChoice): Promise<UnitSyncApplied> {
  return http.post<UnitSyncApplied>('/api/syncunits/ApplySyncUnits', {
    body: choice,
    errorHandling: 'none',
  });
}
