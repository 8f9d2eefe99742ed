/**
 * A statement refused because a table or column it names is gone, or because a prepared plan's
 * columns changed under it: a designer changed a data source (on this instance or another)
 * between the moment a request read its definition and its statement. The request's fault only
 * in being stale: answered 409, to be sent again after a reload, never as a server fault.
 */
export function isDefinitionRace(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  if (code === '42703' || code === '42P01') return true;
  const message = 'message' in error ? String((error as { message: unknown }).message) : '';
  return code === '0A000' && /cached plan must not change result type/i.test(message);
}

export const definitionRaceMessage = 'The data source changed meanwhile. Reload it and try again.';
