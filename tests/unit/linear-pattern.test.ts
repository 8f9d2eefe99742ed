import { describe, expect, it } from 'vitest';
import { linearRegExp, PatternRefusedError, patternRefusal } from '#platform/core';

describe('patternRefusal', () => {
  it('takes any pattern RE2 runs, repetitions inside repetitions included', () => {
    for (const pattern of [
      '^[A-Z]{2}[0-9]+$',
      '^(a|a)*$',
      '^(a+)+$',
      '(x+x+)+y',
      '^(\\w+\\s?)*$',
      '^\\p{L}+$',
      '^\\u00e9t\\u00e9$',
      '[(?=]',
      '^(?<year>\\d{4})-\\d\\d$',
    ]) {
      expect(patternRefusal(pattern), pattern).toBeNull();
    }
  });

  it('names a backreference, numbered or named', () => {
    expect(patternRefusal('^(a)\\1$')).toEqual({
      code: 'BACKREFERENCE',
      construct: '\\1',
      message: 'uses a backreference (\\1), which patterns may not use',
    });
    expect(patternRefusal('^(?<x>a)-\\k<x>$')).toMatchObject({
      code: 'BACKREFERENCE',
      construct: '\\k<x>',
    });
  });

  it('names a lookahead or lookbehind', () => {
    const cases: [string, string][] = [
      ['^(?=.*\\d).{8,}$', 'uses a lookahead (?=…), which patterns may not use'],
      ['^(?!0000)', 'uses a negative lookahead (?!…), which patterns may not use'],
      ['(?<=€)\\d+', 'uses a lookbehind (?<=…), which patterns may not use'],
      ['(?<!-)\\d+', 'uses a negative lookbehind (?<!…), which patterns may not use'],
    ];
    for (const [pattern, message] of cases) {
      expect(patternRefusal(pattern), pattern).toMatchObject({ code: 'LOOKAROUND', message });
    }
  });

  it('refuses what is no JavaScript pattern, and what RE2 cannot run, saying why', () => {
    for (const pattern of ['(', 'a{2,1}', '(?i)abc', '\\1']) {
      expect(patternRefusal(pattern), pattern).toEqual({
        code: 'INVALID',
        construct: '',
        message: 'is not a valid pattern',
      });
    }
    expect(patternRefusal('\\p{L}{800}1')).toMatchObject({
      code: 'TOO_LARGE',
      message: expect.stringMatching(/^is too large to check quickly \(803 steps, 300 at most\)/),
    });
    expect(patternRefusal('\\p{L}{290}1')).toBeNull();
    expect(patternRefusal('^a{1001}$')).toEqual({
      code: 'UNSUPPORTED',
      construct: '{1001}',
      message: 'cannot be checked in linear time (invalid repeat count: {1001})',
    });
  });
});

describe('linearRegExp', () => {
  it('matches as JSON Schema patterns do: anywhere in the text unless anchored', () => {
    expect(linearRegExp('b').test('abc')).toBe(true);
    expect(linearRegExp('^b').test('abc')).toBe(false);
    expect(linearRegExp('^\\u00e9$').test('é')).toBe(true);
    expect(linearRegExp('^\\p{Lu}+$').test('ÉCOLE')).toBe(true);
  });

  it('answers the patterns that make JavaScript backtrack, over long texts', () => {
    const text = `${'a'.repeat(10_000)}b`;
    expect(linearRegExp('^(a|a)*$').test(text)).toBe(false);
    expect(linearRegExp('^(a+)+$').test(text)).toBe(false);
    expect(linearRegExp('^(a|a)*$').test('a'.repeat(10_000))).toBe(true);
  });

  it('is an engine ajv can key its patterns by, and refuses what patternRefusal refuses', () => {
    expect(linearRegExp('a').toString()).not.toBe(linearRegExp('b').toString());
    expect(linearRegExp('a')).toBe(linearRegExp('a'));
    expect(() => linearRegExp('(a)\\1')).toThrow(PatternRefusedError);
    expect(() => linearRegExp('(a)\\1')).toThrow(
      'The pattern "(a)\\\\1" uses a backreference (\\1), which patterns may not use.',
    );
  });
});
