import type { ChangeLogEntry, SaveChangeLogRequest } from '#metadata';
import { http, HttpError } from '../http';

/** `GET api/changelog/GetChangeLogs`: one entity's history, newest first. */
export function loadEntityHistory(entityType: string, entityId: string): Promise<ChangeLogEntry[]> {
  return http.get<ChangeLogEntry[]>('/api/changelog/GetChangeLogs', {
    query: { entityType, entityId },
    errorHandling: 'none',
  });
}

/** What a refused note is told as: the server's `Errors[].Message`, or null when it said none. */
export function noteErrorText(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const body = error.body as { Errors?: unknown; Message?: unknown } | null;
  const messages = Array.isArray(body?.Errors)
    ? body.Errors.flatMap((item: unknown) => {
        const message = (item as { Message?: unknown } | null)?.Message;
        return typeof message === 'string' && message !== '' ? [message] : [];
      })
    : [];
  // Spec: a failed save shows the Errors messages joined with commas.
  if (messages.length > 0) return messages.join(', ');
  return typeof body?.Message === 'string' && body.Message !== '' ? body.Message : null;
}

/**
 * `POST api/changelog/SaveChangeLog`: adds a note to an entity's history, as the signed-in
 * user. Failures come back to the caller (see `noteErrorText`).
 */
export async function saveHistoryNote(
  entityType: string,
  entityId: string,
  note: string,
): Promise<void> {
  const body: SaveChangeLogRequest = {
    EntityType: entityType,
    EntityId: entityId,
    GenericLog: note,
  };
  await http.post('/api/changelog/SaveChangeLog', { body, errorHandling: 'none' });
}
