import { describe, expect, it } from 'vitest';
import {
  formatFilter,
  modelFromSchema,
  ODataError,
  parseFilter,
  parseODataQuery,
  ruleFilterVariables,
} from '#platform/core';

/**
 * `in` (OData 4.01) with a list of values, and the variables only a rule's filter may use
 * (`$CurrentUser`, `$CurrentUserUnits`, `$CurrentCompany`): what parses, what it reads back
 * as, and the refusals a person is shown.
 */

const model = modelFromSchema({
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    UnitId: { type: ['integer', 'null'] },
    Name: { type: 'string' },
    Active: { type: 'boolean' },
    Day: { type: 'string', format: 'date' },
    At: { type: 'string', format: 'date-time' },
    in: { type: 'integer' },
  },
});

const rule = (text: string) =>
  parseFilter(text, model, {}, 'RowRules[0].Read', ruleFilterVariables);

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ODataError) return error.message;
    throw error;
  }
  throw new Error('expected an ODataError');
}

describe('in with a list of values', () => {
  it('parses values of the operand type and prints back as written', () => {
    for (const text of [
      'UnitId in (1, 2, 3)',
      "Name in ('a', 'O''Brien')",
      'Day in (2026-01-01, 2026-11-22T10:00:00Z)',
      'not (UnitId in (1)) and Active',
      'in in (1, 2)',
    ]) {
      expect(formatFilter(parseFilter(text, model))).toBe(text);
    }
    expect(parseFilter('UnitId in (1, 2)', model)).toEqual({
      kind: 'in',
      operand: { kind: 'field', name: 'UnitId', type: 'integer', nullable: true },
      values: [
        { kind: 'literal', type: 'integer', value: 1 },
        { kind: 'literal', type: 'integer', value: 2 },
      ],
    });
  });

  it('refuses lists that are not lists of values of the right type', () => {
    expect(refusal(() => parseFilter('UnitId in 1', model))).toBe(
      "$filter: expected a list after 'in', found '1' at position 11; write a list such as (1, 2, 3).",
    );
    expect(refusal(() => parseFilter('UnitId in ()', model))).toContain(
      "expected a value, found ')'",
    );
    expect(refusal(() => parseFilter("UnitId in (1, 'a')", model))).toContain(
      "cannot compare 'UnitId' in ''a'' at position 15",
    );
    expect(refusal(() => parseFilter('UnitId in (1, null)', model))).toContain(
      "'null' cannot be in a list at position 15",
    );
    expect(refusal(() => parseFilter('UnitId in (Id)', model))).toContain(
      "'Id' cannot be in a list",
    );
    expect(refusal(() => parseFilter('UnitId in (1, 2', model))).toContain(
      "expected ')' to close the list at position 11",
    );
  });
});

describe('variables', () => {
  it('are refused in a client query, whatever their name', () => {
    expect(refusal(() => parseODataQuery({ $filter: 'UnitId eq $CurrentUser' }, model))).toBe(
      "$filter: '$CurrentUser' is not allowed here at position 11; variables belong in rules only.",
    );
    expect(refusal(() => parseFilter('UnitId in $CurrentUserUnits', model))).toContain(
      "'$CurrentUserUnits' is not allowed here",
    );
    expect(refusal(() => parseFilter('$ eq 1', model))).toContain("unexpected character '$'");
  });

  it('parse in a rule, a list variable on the right of in only', () => {
    expect(formatFilter(rule('UnitId in $CurrentUserUnits or Id eq $CurrentUser'))).toBe(
      'UnitId in $CurrentUserUnits or Id eq $CurrentUser',
    );
    expect(rule('UnitId in (1, $CurrentCompany)')).toMatchObject({
      kind: 'in',
      values: [{ kind: 'literal' }, { kind: 'variable', name: '$CurrentCompany', list: false }],
    });
    expect(refusal(() => rule('UnitId eq $CurrentUserUnits'))).toBe(
      "RowRules[0].Read: '$CurrentUserUnits' holds many values at position 1; write Field in $CurrentUserUnits.",
    );
    expect(refusal(() => rule('UnitId in $CurrentUser'))).toContain(
      "'$CurrentUser' is one value, not a list at position 11; write UnitId eq $CurrentUser",
    );
    expect(refusal(() => rule('UnitId in (1, $CurrentUserUnits)'))).toContain(
      "'$CurrentUserUnits' holds many values",
    );
    expect(refusal(() => rule('$CurrentUserUnits in (1)'))).toContain('holds many values');
    expect(refusal(() => rule('Name eq $CurrentUser'))).toContain(
      "cannot compare 'Name' eq '$CurrentUser'",
    );
    expect(refusal(() => rule('UnitId eq $currentUser'))).toBe(
      "RowRules[0].Read: unknown variable '$currentUser' at position 11; did you mean '$CurrentUser'?",
    );
    expect(refusal(() => rule('$CurrentUser'))).toContain('must be true or false for each row');
  });
});
