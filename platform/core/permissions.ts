/**
 * Permission expressions, evaluated the same way by the server (the authority) and the
 * browser (only to hide what cannot be used).
 *
 * Grammar: `group ('&' group)*`, a group is `entry (',' entry)*`, an entry is `!`? name with
 * an optional `(param)`. Every `&`-group must pass; a group passes when any entry passes.
 * `everybody` always passes, `authorized` passes for any signed-in user. `name()` passes
 * when the user holds `name` with any parameter; `name(p)` when they hold `name(p)` or
 * the unparameterised `name`. Names compare case-insensitively. An empty expression denies.
 *
 * @example
 * hasPermission('ManageUsers,ManageRoles', { authenticated: true, permissions: ['ManageRoles'] }) // true
 * hasPermission('!authorized', { authenticated: false, permissions: [] }) // true
 */
export interface PermissionSubject {
  authenticated: boolean;
  permissions: readonly string[];
}

export const EVERYBODY = 'everybody';
export const AUTHORIZED = 'authorized';

interface ParsedPermission {
  name: string;
  param: string | null;
}

function parse(text: string): ParsedPermission {
  const match = /^([^()]+?)\s*\((.*)\)$/.exec(text.trim());
  if (!match) return { name: text.trim().toLowerCase(), param: null };
  return { name: match[1]!.trim().toLowerCase(), param: match[2]!.trim().toLowerCase() };
}

function holds(entry: ParsedPermission, subject: PermissionSubject): boolean {
  if (entry.name === EVERYBODY) return true;
  if (entry.name === AUTHORIZED) return subject.authenticated;
  return subject.permissions.some((held) => {
    const granted = parse(held);
    if (granted.name !== entry.name) return false;
    if (entry.param === null) return granted.param === null;
    if (entry.param === '') return true;
    return granted.param === null || granted.param === entry.param;
  });
}

function entryPasses(entry: string, subject: PermissionSubject): boolean {
  const trimmed = entry.trim();
  if (trimmed === '') return false;
  if (trimmed.startsWith('!')) return !holds(parse(trimmed.slice(1)), subject);
  return holds(parse(trimmed), subject);
}

/** Splits on a separator that is not inside parentheses. */
function splitTopLevel(expression: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of expression) {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/** True when the subject satisfies the permission expression. */
export function hasPermission(
  expression: string | null | undefined,
  subject: PermissionSubject,
): boolean {
  if (!expression || expression.trim() === '') return false;
  return splitTopLevel(expression, '&').every((group) =>
    splitTopLevel(group, ',').some((entry) => entryPasses(entry, subject)),
  );
}
