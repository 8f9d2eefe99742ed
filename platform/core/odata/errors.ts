/**
 * A query the server refuses (a 400): `option` is the query option at fault (`$filter`,
 * `$top`, ...) and `position` the 1-based character of its text where the trouble starts,
 * when known. The message is meant for a person and holds no internals.
 *
 * @example
 * new ODataError('$filter', "unknown field 'Nmae'", 1).message
 * // "$filter: unknown field 'Nmae' at position 1."
 */
export class ODataError extends Error {
  constructor(
    readonly option: string,
    detail: string,
    readonly position?: number,
    hint?: string,
  ) {
    const where = position === undefined ? '' : ` at position ${position}`;
    const text = `${option}: ${detail}${where}${hint ? `; ${hint}` : ''}`;
    super(/[.?]$/.test(text) ? text : `${text}.`);
    this.name = 'ODataError';
  }
}

const maxQuoted = 40;

/** Text of the query, quoted for a message: control characters shown, long text cut. */
export function quote(text: string): string {
  const cut = text.length > maxQuoted ? `${text.slice(0, maxQuoted)}...` : text;
  const visible = cut.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `'${visible}'`;
}

const maxListed = 20;

/** `A, B, C` or `A, B, ... and 12 more`. */
export function list(names: readonly string[]): string {
  if (names.length === 0) return '(none)';
  if (names.length <= maxListed) return names.join(', ');
  return `${names.slice(0, maxListed).join(', ')} and ${names.length - maxListed} more`;
}

/** The one name that differs from `name` only in case, if any. */
export function sameButCase(name: string, names: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return names.find((candidate) => candidate.toLowerCase() === lower);
}

/** `unknown field 'x'; did you mean 'X'?` or `...; fields you can filter by: A, B`. */
export function unknownHint(name: string, names: readonly string[], what: string): string {
  const suggestion = sameButCase(name, names);
  if (suggestion) return `did you mean '${suggestion}'?`;
  return `${what}: ${list(names)}`;
}
