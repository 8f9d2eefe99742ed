/** A material code pattern, as the matching needs it. */
export interface CodePattern {
  id: number;
  code: string;
}

/** A code as material codes are kept: trimmed, single spaces, capitals. */
export const normalisedCode = (code: string): string =>
  code.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Whether a delivery's material code matches a material's code pattern: the whole code, each
 * `?` standing for exactly one character, ignoring case and stray spaces.
 *
 * @example materialMatches('ac 10  close surf', 'AC ?? CLOSE SURF') // true
 * @example materialMatches('AC 6 CLOSE SURF', 'AC ?? CLOSE SURF') // false: one character for two
 */
export function materialMatches(code: string, pattern: string): boolean {
  return matchesNormalised(normalisedCode(code), normalisedCode(pattern));
}

function matchesNormalised(code: string, pattern: string): boolean {
  if (code.length !== pattern.length) return false;
  for (let i = 0; i < code.length; i++) {
    const wanted = pattern.charCodeAt(i);
    if (wanted !== questionMark && wanted !== code.charCodeAt(i)) return false;
  }
  return true;
}

const questionMark = '?'.charCodeAt(0);

function wildcards(pattern: string): number {
  let count = 0;
  for (let i = 0; i < pattern.length; i++) if (pattern.charCodeAt(i) === questionMark) count++;
  return count;
}

interface Compiled<T> {
  material: T;
  pattern: string;
  wildcards: number;
}

/** Patterns normalised once per list: a recompute matches thousands of codes against one. */
const compiledLists = new WeakMap<readonly CodePattern[], Compiled<CodePattern>[]>();

function compiled<T extends CodePattern>(materials: readonly T[]): Compiled<T>[] {
  let list = compiledLists.get(materials) as Compiled<T>[] | undefined;
  if (!list) {
    list = materials
      .map((material) => {
        const pattern = normalisedCode(material.code);
        return { material, pattern, wildcards: wildcards(pattern) };
      })
      .sort((a, b) => a.wildcards - b.wildcards || a.material.id - b.material.id);
    compiledLists.set(materials, list);
  }
  return list;
}

/**
 * Every material whose pattern matches the code, the most specific first (fewest `?`), ties
 * by lowest id: the first is the delivery's material; more than one makes a multimatch, none
 * a nomatch. (The list is taken as unchanging: pass a new array when materials change.)
 */
export function matchMaterials<T extends CodePattern>(code: string, materials: readonly T[]): T[] {
  const wanted = normalisedCode(code);
  return compiled(materials)
    .filter(({ pattern }) => matchesNormalised(wanted, pattern))
    .map(({ material }) => material);
}

/**
 * The candidate patterns for a code (the mismatch files list them): every pattern that
 * matches, the one chosen first.
 */
export function candidatesFor(
  code: string,
  patterns: { id: number; code: string }[],
): { id: number; code: string }[] {
  return matchMaterials(code, patterns);
}

/** The material a delivery's code names, or undefined when no pattern matches. */
export function bestMaterial<T extends CodePattern>(
  code: unknown,
  materials: readonly T[],
): T | undefined {
  return typeof code === 'string' ? matchMaterials(code, materials)[0] : undefined;
}
