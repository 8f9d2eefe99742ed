import { ODataError, quote } from './errors';

export type Token =
  | { kind: 'name'; text: string; position: number }
  /** `$CurrentUser`: the text with its `$`. */
  | { kind: 'variable'; text: string; position: number }
  | { kind: 'string'; value: string; position: number }
  | { kind: 'integer' | 'number'; value: number; position: number }
  | { kind: 'date' | 'datetime' | 'time'; value: string; position: number }
  | { kind: 'punctuation'; text: '(' | ')' | ',' | '/' | ':'; position: number }
  | { kind: 'end'; position: number };

const name = /[A-Za-z_][A-Za-z0-9_]*/y;
const number = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
const date = /(\d{4})-(\d{2})-(\d{2})(?![0-9])/y;
const time = /[Tt](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,12})?)?/y;
const timeOfDay = /(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,12})?)?(?![0-9])/y;
const zone = /[Zz]|[+-](\d{2}):(\d{2})/y;
const zoneLostPlus = / \d{2}:\d{2}/y;
const space = /[ \t\r\n]+/y;

function match(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

interface Read {
  token: Token;
  end: number;
}

/** Reads `2026-11-22` or `2026-11-22T10:30:00.5+02:00` at `at`; null when none is there. */
function readTemporal(option: string, text: string, at: number): Read | null {
  const day = match(date, text, at);
  if (!day) return null;
  const position = at + 1;
  const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
  // Year 0000 is no year PostgreSQL reads (its calendar goes from 1 BC to AD 1).
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) {
    throw new ODataError(option, `${quote(day[0])} is not a date`, position);
  }
  const clock = match(time, text, at + day[0].length);
  if (!clock) return { token: { kind: 'date', value: day[0], position }, end: at + day[0].length };
  const [h, min, s] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) {
    throw new ODataError(option, `${quote(day[0] + clock[0])} is not a time of day`, position);
  }
  const zoneAt = at + day[0].length + clock[0].length;
  const offset = match(zone, text, zoneAt);
  if (!offset) {
    const lostPlus = match(zoneLostPlus, text, zoneAt);
    throw new ODataError(
      option,
      `the date and time ${quote(day[0] + clock[0])} has no time zone`,
      position,
      lostPlus ? "in a URL write '+' as %2B" : "end it with 'Z' or an offset such as +02:00",
    );
  }
  // PostgreSQL reads offsets under 16 hours (real ones run from -12:00 to +14:00).
  if (offset[1] !== undefined && (Number(offset[1]) > 15 || Number(offset[2]) > 59)) {
    throw new ODataError(option, `${quote(offset[0])} is not a time zone offset`, zoneAt + 1);
  }
  const value = (day[0] + clock[0] + offset[0]).replace(/[tz]/g, (c) => c.toUpperCase());
  return { token: { kind: 'datetime', value, position }, end: zoneAt + offset[0].length };
}

/** Reads a time of day, `10:30`, `10:30:00` or `10:30:00.5`; null when none is there. */
function readTimeOfDay(option: string, text: string, at: number): Read | null {
  const clock = match(timeOfDay, text, at);
  if (!clock) return null;
  if (Number(clock[1]) > 23 || Number(clock[2]) > 59 || Number(clock[3] ?? 0) > 59) {
    throw new ODataError(option, `${quote(clock[0])} is not a time of day`, at + 1);
  }
  return { token: { kind: 'time', value: clock[0], position: at + 1 }, end: at + clock[0].length };
}

function readNumber(option: string, text: string, at: number): Read {
  const position = at + 1;
  const found = match(number, text, at);
  if (!found) throw new ODataError(option, `unexpected character ${quote(text[at]!)}`, position);
  const end = at + found[0].length;
  if (match(name, text, end)) {
    const word = match(/[\w.+-]+/y, text, at)![0];
    throw new ODataError(option, `${quote(word)} is not a number`, position);
  }
  const isInteger = found[1] === undefined && found[2] === undefined;
  // `+ 0` turns -0 into 0, so that a literal prints back as it was read.
  const value = Number(found[0]) + 0;
  if (isInteger && !Number.isSafeInteger(value)) {
    throw new ODataError(option, `the number ${quote(found[0])} is too large`, position);
  }
  if (!Number.isFinite(value)) {
    throw new ODataError(option, `the number ${quote(found[0])} is too large`, position);
  }
  return { token: { kind: isInteger ? 'integer' : 'number', value, position }, end };
}

/** Reads `'it''s'` starting at the quote at `at`. */
function readString(option: string, text: string, at: number): Read {
  let value = '';
  let from = at + 1;
  for (;;) {
    const close = text.indexOf("'", from);
    if (close < 0) {
      throw new ODataError(option, 'the text starting here has no closing quote', at + 1);
    }
    value += text.slice(from, close);
    if (text[close + 1] !== "'") {
      return { token: { kind: 'string', value, position: at + 1 }, end: close + 1 };
    }
    value += "'";
    from = close + 2;
  }
}

/** Splits a `$filter` into tokens, in one pass over the text. */
export function tokenize(option: string, text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const blank = match(space, text, at);
    if (blank) {
      at += blank[0].length;
      continue;
    }
    const char = text[at]!;
    if (char === "'" || /[-0-9]/.test(char)) {
      const { token, end } =
        char === "'"
          ? readString(option, text, at)
          : (readTemporal(option, text, at) ??
            readTimeOfDay(option, text, at) ??
            readNumber(option, text, at));
      tokens.push(token);
      at = end;
    } else if (char === '$') {
      const word = match(name, text, at + 1);
      if (!word) throw new ODataError(option, `unexpected character '$'`, at + 1);
      tokens.push({ kind: 'variable', text: `$${word[0]}`, position: at + 1 });
      at += 1 + word[0].length;
    } else if (char === '(' || char === ')' || char === ',' || char === '/' || char === ':') {
      tokens.push({ kind: 'punctuation', text: char, position: at + 1 });
      at += 1;
    } else {
      const word = match(name, text, at);
      if (!word) {
        const shown = text.codePointAt(at)!;
        throw new ODataError(
          option,
          `unexpected character ${quote(String.fromCodePoint(shown))}`,
          at + 1,
        );
      }
      tokens.push({ kind: 'name', text: word[0], position: at + 1 });
      at += word[0].length;
    }
  }
  tokens.push({ kind: 'end', position: text.length + 1 });
  return tokens;
}
