type Row = Record<string, unknown>;

/** A number that is there and finite, else null. */
export const finiteOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** An instant from a stored Date or a posted date-time text; null when it is neither. */
export function instantOrNull(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** Trimmed text, or '' for anything else: how two addresses or grid references compare. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Instants as ISO text, so a computed row reads the same from a save and from a recompute. */
export function withInstantsAsText(row: Row): Row {
  const shaped: Row = {};
  for (const [field, value] of Object.entries(row)) {
    shaped[field] = value instanceof Date ? value.toISOString() : value;
  }
  return shaped;
}

export const tenths = (value: number): number => Math.round(value * 10) / 10;
