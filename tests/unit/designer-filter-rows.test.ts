import { describe, expect, it } from 'vitest';
import {
  type FilterFields,
  type FilterRows,
  odataOfRows,
  operatorsFor,
  rowsOfOData,
} from '../../platform/ui/designers/kit/filter-rows';

const fields: FilterFields = {
  SiteName: 'string',
  CrewSize: 'integer',
  Passed: 'boolean',
  InspectedOn: 'date',
  Weight: 'number',
};

const cases: [FilterRows, string][] = [
  [{ join: 'and', rows: [] }, ''],
  [
    { join: 'and', rows: [{ field: 'SiteName', operator: 'eq', value: "O'Brien Road" }] },
    "SiteName eq 'O''Brien Road'",
  ],
  [
    {
      join: 'and',
      rows: [
        { field: 'SiteName', operator: 'contains', value: 'Leeds' },
        { field: 'CrewSize', operator: 'gt', value: '3' },
        { field: 'Passed', operator: 'eq', value: 'false' },
        { field: 'InspectedOn', operator: 'ge', value: '2026-05-31' },
      ],
    },
    "contains(SiteName,'Leeds') and CrewSize gt 3 and Passed eq false and InspectedOn ge 2026-05-31",
  ],
  [
    {
      join: 'or',
      rows: [
        { field: 'SiteName', operator: 'startswith', value: 'North' },
        { field: 'Weight', operator: 'lt', value: '2.5' },
        { field: 'InspectedOn', operator: 'empty', value: '' },
        { field: 'SiteName', operator: 'notempty', value: '' },
      ],
    },
    "startswith(SiteName,'North') or Weight lt 2.5 or InspectedOn eq null or SiteName ne null",
  ],
];

describe('a default filter as rows of field, operator and value', () => {
  it.each(cases)('writes %j as the $filter %j and reads it back as the same rows', (rows, text) => {
    expect(odataOfRows(rows, fields)).toBe(text);
    expect(rowsOfOData(text, fields)).toEqual(rows);
  });

  it('reads a filter written by hand, with spaces and a bare yes/no field', () => {
    expect(rowsOfOData('  CrewSize  le 10 and  Passed ', fields)).toEqual({
      join: 'and',
      rows: [
        { field: 'CrewSize', operator: 'le', value: '10' },
        { field: 'Passed', operator: 'eq', value: 'true' },
      ],
    });
  });

  it('leaves as text what rows cannot say, or what is not a valid filter', () => {
    for (const text of [
      "(SiteName eq 'A' or SiteName eq 'B') and Passed",
      "SiteName eq 'A' or CrewSize gt 1 and Passed",
      'not Passed',
      "tolower(SiteName) eq 'a'",
      'CrewSize add 1 gt 3',
      'Unknown eq 1',
      "SiteName eq 'unclosed",
    ]) {
      expect(rowsOfOData(text, fields)).toBeNull();
    }
  });

  it('offers the operators that fit the type of the field', () => {
    expect(operatorsFor('string')).toEqual([
      'eq',
      'ne',
      'contains',
      'startswith',
      'endswith',
      'empty',
      'notempty',
    ]);
    expect(operatorsFor('integer')).toContain('gt');
    expect(operatorsFor('integer')).not.toContain('contains');
    expect(operatorsFor('boolean')).toEqual(['eq', 'empty', 'notempty']);
  });
});
