type QueryScalar = string | number | boolean | Date;

/** Values of a query string; `null` and `undefined` are left out, arrays repeat the key. */
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

export type QueryParams = Record<string, QueryValue>;

function formatScalar(value: QueryScalar): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `api/x` and `/api/x` both become `/api/x`; absolute URLs are kept. */
export function normaliseUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url) || url.startsWith('/')) return url;
  return `/${url}`;
}

/**
 * The URL the request goes to: normalised, with the query appended.
 *
 * @example
 * buildUrl('api/users', { active: true, role: ['a', 'b'] }) // '/api/users?active=true&role=a&role=b'
 */
export function buildUrl(url: string, query?: QueryParams): string {
  const base = normaliseUrl(url);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) params.append(key, formatScalar(item));
  }
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/** Postcode lookups pass their errors back to the caller, without dialogs. */
export function isPostcodeLookup(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /postcode/i.test(path);
}
