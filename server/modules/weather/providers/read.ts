/** Lenient readers for provider bodies: numbers may come as strings, one-element lists as the element. */

export type Fields = Record<string, unknown>;

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fields(value: unknown): Fields {
  return isFields(value) ? value : {};
}

/** A list as a list; a lone item (an object where a one-element array was meant) as a list of it. */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

/** A finite number, from a number or a numeric string; anything else is null, never NaN. */
export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** An ISO instant in UTC from an ISO string (`2025-03-12T13:00Z`) or Unix seconds, else null. */
export function instant(value: unknown): string | null {
  const seconds = numberOrNull(value);
  const date =
    seconds !== null
      ? new Date(seconds * 1000)
      : typeof value === 'string'
        ? new Date(value)
        : null;
  return date && Number.isFinite(date.getTime()) ? date.toISOString() : null;
}
