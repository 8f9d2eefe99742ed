/**
 * Whether a permission expression (see `hasPermission`) can be read as written: `&`-groups of
 * `,`-separated entries, each a name with an optional `!` before it and an optional `(param)`
 * after it. `hasPermission` reads any text (an entry it cannot match simply fails), so a typo
 * in a stored expression would silently deny; designers check what they save with this.
 *
 * @example
 * permissionExpressionProblem('ManageUsers,!ViewReports & CanViewCompany(3)') // null
 * permissionExpressionProblem('ManageUsers,,ManageRoles') // "has an empty entry (2 of group 1)"
 */
export function permissionExpressionProblem(expression: string): string | null {
  if (expression.trim() === '') return null;
  const groups = expression.split('&');
  for (const [groupIndex, group] of groups.entries()) {
    const entries = group.split(',');
    for (const [entryIndex, raw] of entries.entries()) {
      const where = `${entryIndex + 1} of group ${groupIndex + 1}`;
      const entry = raw.trim();
      if (entry === '') return `has an empty entry (${where})`;
      if (!entryPattern.test(entry))
        return `has an entry that is not a permission: '${entry.slice(0, 60)}'`;
    }
  }
  return null;
}

/**
 * `!`? name (letters, digits, `_`, `.`, `-`, starting with a letter) and an optional
 * parameter in parentheses without separators or parentheses of its own.
 */
const entryPattern = /^!?\s*[A-Za-z][A-Za-z0-9_.-]*(?:\s*\([A-Za-z0-9_. -]*\))?$/;
