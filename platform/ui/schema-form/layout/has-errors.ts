/** Whether an RJSF `ErrorSchema` (or a part of it) holds any message. */
export function hasErrors(errorSchema: unknown): boolean {
  if (typeof errorSchema !== 'object' || errorSchema === null) return false;
  return Object.entries(errorSchema).some(([key, value]) =>
    key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value),
  );
}

/** The part of an `ErrorSchema` under a property name or an item index. */
export function errorsAt(errorSchema: unknown, name: string | number): unknown {
  return typeof errorSchema === 'object' && errorSchema !== null
    ? (errorSchema as Record<string, unknown>)[name]
    : undefined;
}
