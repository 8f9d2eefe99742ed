/**
 * The parts of a location as cfworker writes it (`#/Contacts/0/First%20Name`: a URI fragment,
 * each part JSON-Pointer-escaped, then URI-encoded).
 */
export function locationParts(location: string): string[] {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A JSON Pointer as ajv writes `instancePath`: `/Contacts/0/Email`, `''` for the root. */
export function toPointer(parts: readonly string[]): string {
  return parts.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The value at `parts` of JSON data, or undefined. */
export function valueAt(data: unknown, parts: readonly string[]): unknown {
  let value = data;
  for (const part of parts) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
