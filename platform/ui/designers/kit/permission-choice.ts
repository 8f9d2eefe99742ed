/**
 * Who may see a page, as a designer picks it: everyone signed in, or only the holders of some
 * permissions, in both cases except the holders of others. Written as the permission
 * expression the server evaluates (`hasPermission` in platform/core: `&`-groups of
 * `,`-separated entries, `!` excludes), and read back from one when it has that shape.
 */
export interface PermissionChoice {
  mode: 'everyone' | 'only';
  /** Any of these lets one see it (mode `only`). */
  only: string[];
  /** None of these may (both modes). */
  except: string[];
}

export const everyone: PermissionChoice = { mode: 'everyone', only: [], except: [] };

/** The expression of a choice ('' : no restriction, everyone signed in). */
export function expressionOf(choice: PermissionChoice): string {
  const groups: string[] = [];
  if (choice.mode === 'only' && choice.only.length > 0) groups.push(choice.only.join(','));
  for (const code of choice.except) groups.push(`!${code}`);
  return groups.join(' & ');
}

const name = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const signedIn = new Set(['authorized', 'everybody']);

/**
 * The choice an expression says, or null when it says more than a choice can (a parameter,
 * an exclusion among alternatives, two groups of alternatives): the text then stands as it is.
 */
export function choiceOf(expression: string): PermissionChoice | null {
  const text = expression.trim();
  if (text === '') return everyone;
  const only: string[] = [];
  const except: string[] = [];
  let alternatives = 0;
  for (const group of text.split('&')) {
    const entries = group.split(',').map((entry) => entry.trim());
    if (entries.some((entry) => entry === '')) return null;
    if (entries.length === 1 && entries[0]!.startsWith('!')) {
      const code = entries[0]!.slice(1).trim();
      if (!name.test(code) || signedIn.has(code.toLowerCase())) return null;
      except.push(code);
      continue;
    }
    if (entries.some((entry) => !name.test(entry))) return null;
    if (entries.length === 1 && signedIn.has(entries[0]!.toLowerCase())) continue;
    alternatives += 1;
    if (alternatives > 1) return null;
    only.push(...entries);
  }
  return { mode: only.length > 0 ? 'only' : 'everyone', only, except };
}
