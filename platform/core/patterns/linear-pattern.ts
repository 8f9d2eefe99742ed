import { RE2JS, RE2JSSyntaxException } from 're2js';

/** Why a pattern cannot be a field's pattern. */
export type PatternRefusalCode =
  'INVALID' | 'BACKREFERENCE' | 'LOOKAROUND' | 'TOO_LARGE' | 'UNSUPPORTED';

export interface PatternRefusal {
  code: PatternRefusalCode;
  /** The part of the pattern at fault (`\1`, `(?=…)`, `{1001}`), '' when none is singled out. */
  construct: string;
  /** In English, to follow the field's name: `uses a backreference (\1), which patterns may not use`. */
  message: string;
}

/** A compiled pattern whose `test` runs in time linear in the text (RE2's guarantee). */
export interface LinearRegExp {
  readonly source: string;
  /** Whether the pattern matches somewhere in `text` (JSON Schema's `pattern` is unanchored). */
  test(text: string): boolean;
  /** Unique per pattern: ajv keys its compiled patterns by it. */
  toString(): string;
}

/** Thrown when a pattern is compiled that the linear-time engine cannot run. */
export class PatternRefusedError extends Error {
  constructor(
    readonly pattern: string,
    readonly refusal: PatternRefusal,
  ) {
    super(`The pattern ${JSON.stringify(pattern)} ${refusal.message}.`);
    this.name = 'PatternRefusedError';
  }
}

const lookarounds: readonly [string, string][] = [
  ['(?<=', 'a lookbehind'],
  ['(?<!', 'a negative lookbehind'],
  ['(?=', 'a lookahead'],
  ['(?!', 'a negative lookahead'],
];

const backreference = (construct: string): PatternRefusal => ({
  code: 'BACKREFERENCE',
  construct,
  message: `uses a backreference (${construct}), which patterns may not use`,
});

/**
 * The first backreference or lookaround outside a character class, which RE2 cannot run
 * (RE2's own error would not name them, and re2js reads `\k<name>` as the letter k).
 */
function backtrackingConstruct(pattern: string): PatternRefusal | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const rest = pattern.slice(i + 1);
      const number = inClass ? null : /^[1-9]\d*/.exec(rest);
      if (number) return backreference(`\\${number[0]}`);
      const named = inClass ? null : /^k<[^>]*>/.exec(rest);
      if (named) return backreference(`\\${named[0]}`);
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(') {
      const found = lookarounds.find(([opening]) => pattern.startsWith(opening, i));
      if (found) {
        const [opening, what] = found;
        const construct = `${opening}…)`;
        const message = `uses ${what} ${construct}, which patterns may not use`;
        return { code: 'LOOKAROUND', construct, message };
      }
    }
  }
  return null;
}

/** Why RE2 refuses a pattern JavaScript reads: `invalid repeat count: {1001}`. */
function engineReason(error: unknown): { construct: string; reason: string } {
  if (error instanceof RE2JSSyntaxException) {
    const construct = error.getPattern() ?? '';
    return { construct, reason: construct ? `${error.error}: ${construct}` : error.error };
  }
  return { construct: '', reason: error instanceof Error ? error.message : String(error) };
}

type Compiled = { regExp: LinearRegExp } | { refusal: PatternRefusal };

/**
 * RE2's time is linear in the text but grows with the program too, and faster once its DFA
 * runs out of cache: measured on re2js 2.10 over 10,000 characters, its first run,
 * `\p{L}{300}1` takes 6 ms, `\p{L}{497}1` 46 ms, `\p{L}{800}1` 190 ms. Past this size a
 * pattern is refused, keeping every pattern well under 50 ms there
 * (tests/bench/pattern-worst-case.ts).
 */
export const maxPatternProgramSize = 300;

function compile(pattern: string): Compiled {
  try {
    // JSON Schema patterns are ECMAScript's: one JavaScript refuses is no pattern at all.
    // Compiling (never running) it takes time in proportion to its length only.
    new RegExp(pattern, 'u');
  } catch {
    return { refusal: { code: 'INVALID', construct: '', message: 'is not a valid pattern' } };
  }
  const refusal = backtrackingConstruct(pattern);
  if (refusal) return { refusal };
  try {
    // JavaScript's escapes (\u00e9, \u{1F600}, \cA) in RE2's spelling.
    const engine = RE2JS.compile(RE2JS.translateRegExp(pattern));
    const size = engine.programSize();
    if (size > maxPatternProgramSize) {
      const message = `is too large to check quickly (${size} steps, ${maxPatternProgramSize} at most): repeat less, or give the length as Min and Max`;
      return { refusal: { code: 'TOO_LARGE', construct: String(size), message } };
    }
    const text = `/${pattern}/re2`;
    return {
      regExp: {
        source: pattern,
        test: (value) => engine.test(value),
        toString: () => text,
      },
    };
  } catch (error) {
    const { construct, reason } = engineReason(error);
    return {
      refusal: {
        code: 'UNSUPPORTED',
        construct,
        message: `cannot be checked in linear time (${reason})`,
      },
    };
  }
}

const cacheSize = 500;
const cache = new Map<string, Compiled>();

function compiled(pattern: string): Compiled {
  let found = cache.get(pattern);
  if (found) {
    // Most recently used last, so the oldest goes first.
    cache.delete(pattern);
  } else {
    found = compile(pattern);
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
  }
  cache.set(pattern, found);
  return found;
}

/**
 * Why a user's pattern cannot be used, or null when it can: not valid JavaScript (JSON
 * Schema's dialect), a backreference or lookaround, or anything else RE2 cannot run. Patterns
 * that pass are checked by {@link linearRegExp}, in time linear in the text, however they are
 * written (`^(a|a)*$` included).
 *
 * @example
 * patternRefusal('^(a)\\1$')?.message; // 'uses a backreference (\1), which patterns may not use'
 * patternRefusal('^[A-Z]{2}[0-9]+$'); // null
 */
export function patternRefusal(pattern: string): PatternRefusal | null {
  const found = compiled(pattern);
  return 'refusal' in found ? found.refusal : null;
}

/**
 * A pattern compiled for RE2 (re2js, pure JavaScript): `test` takes time linear in the text.
 * Throws a {@link PatternRefusedError} for a pattern {@link patternRefusal} refuses. Shaped as
 * ajv's `code.regExp` engine wants it (`flags` is ajv's `u`, which RE2 always is).
 *
 * @example
 * linearRegExp('^(a|a)*$').test('a'.repeat(10_000) + 'b'); // false, at once
 * new Ajv({ code: { regExp: Object.assign(linearRegExp, { code: 're2js' }) } });
 */
export function linearRegExp(pattern: string, _flags?: string): LinearRegExp {
  const found = compiled(pattern);
  if ('refusal' in found) throw new PatternRefusedError(pattern, found.refusal);
  return found.regExp;
}
