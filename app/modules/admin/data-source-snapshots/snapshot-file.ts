import { type Snapshot, snapshotFormat } from '#metadata';

/** Larger than any snapshot the server sends (200 data sources at most). */
export const snapshotFileLimitBytes = 2 * 1024 * 1024;

/** The snapshot a chosen file holds, or the translation key of why it holds none. */
export type SnapshotFileReading = { snapshot: Snapshot } | { refusal: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The envelope only: the server checks every definition in it (its preview says what fails). */
function looksLikeSnapshot(value: unknown): value is Snapshot {
  return (
    isRecord(value) &&
    value.Format === snapshotFormat &&
    value.Version === 1 &&
    Array.isArray(value.DataSources) &&
    value.DataSources.every((source) => isRecord(source) && typeof source.Name === 'string')
  );
}

/** Reads a file the user chose to import, refusing what cannot be a snapshot unsent. */
export async function readSnapshotFile(file: File): Promise<SnapshotFileReading> {
  if (file.size > snapshotFileLimitBytes) return { refusal: 'DESIGNER.SNAPSHOT.TOO_LARGE' };
  let content: unknown;
  try {
    content = JSON.parse(await file.text());
  } catch {
    return { refusal: 'DESIGNER.SNAPSHOT.NOT_JSON' };
  }
  return looksLikeSnapshot(content)
    ? { snapshot: content }
    : { refusal: 'DESIGNER.SNAPSHOT.NOT_SNAPSHOT' };
}
