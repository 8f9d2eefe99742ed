import type { Snapshot, SnapshotChange } from '#metadata';
import { type DownloadedFile, http } from '#platform/ui';

const snapshotUrl = '/api/dataSources/snapshot';

// Failures come back to the callers, which show the server's message where the user is.

/** Every user table's definition, as the JSON file the server names. */
export function exportSnapshot(): Promise<DownloadedFile> {
  return http.get<DownloadedFile>(snapshotUrl, { responseType: 'file', errorHandling: 'none' });
}

/** What importing the snapshot would change here, data source by data source. */
export function previewSnapshot(snapshot: Snapshot): Promise<SnapshotChange[]> {
  return http.post<SnapshotChange[]>(`${snapshotUrl}/preview`, {
    body: snapshot,
    errorHandling: 'none',
  });
}

/** Applies the snapshot; refused (400) when a source has problems or loses unconfirmed data. */
export function importSnapshot(
  snapshot: Snapshot,
  confirmDataLoss: boolean,
): Promise<SnapshotChange[]> {
  const body = confirmDataLoss
    ? { Snapshot: snapshot, ConfirmDataLoss: true }
    : { Snapshot: snapshot };
  return http.post<SnapshotChange[]>(`${snapshotUrl}/import`, { body, errorHandling: 'none' });
}
