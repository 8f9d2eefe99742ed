import { describe, expect, it } from 'vitest';
import type { ControlNode, UserTableSchema } from '#metadata';
import {
  canDropInto,
  controlProblems,
  defaultControls,
  emptyDesignField,
  fieldTreeOf,
  fieldTreeProblems,
  schemaOfFieldTree,
} from '#platform/core';

const schema: UserTableSchema = {
  type: 'object',
  required: ['Ref'],
  properties: {
    Ref: { type: 'string', pattern: '^[A-Z]+$', 'x-field-id': 1 },
    Score: { type: 'integer', minimum: 0, maximum: 10, default: 5, 'x-field-id': 2 },
    Grade: { type: 'string', enum: ['A', 'B'], 'x-field-id': 3 },
    Photos: {
      type: 'array',
      items: { type: 'object', properties: { Caption: { type: 'string' } } },
      'x-field-id': 4,
    },
  },
};

describe('the field tree', () => {
  it('reads a stored schema and writes it back unchanged', () => {
    const tree = fieldTreeOf(schema, 'Ref');
    expect(tree.map((node) => [node.Name, node.Type, node.PK, node.Required])).toEqual([
      ['Ref', 'String', true, true],
      ['Score', 'Integer', false, false],
      ['Grade', 'Enum', false, false],
      ['Photos', 'Array', false, false],
    ]);
    expect(schemaOfFieldTree(tree)).toEqual({ schema, primaryKey: 'Ref' });
  });

  it('names each problem by a code, the field and the attribute at fault', () => {
    const field = (name: string, changes: object) => ({ ...emptyDesignField(name), ...changes });
    const problems = fieldTreeProblems(
      [
        field('Name', {}),
        field('name', {}),
        field('Id', {}),
        field('Echo', { Pattern: '^(a)\\1$' }),
        field('Nested', { Pattern: '^(a+)+$' }),
        field('Broken', { Pattern: '(' }),
        field('Tags', { Type: 'Array', PK: true }),
        field('Size', { Type: 'Enum', EnumValues: 'S;M;S', Default: 'XL' }),
      ],
      200,
    );
    expect(problems.map((p) => [p.Path, p.Code, p.Attribute])).toEqual([
      ['name', 'NAME_TAKEN', 'Name'],
      ['Id', 'NAME_SYSTEM', 'Name'],
      ['Echo', 'PATTERN_BACKREFERENCE', 'Pattern'],
      ['Broken', 'PATTERN_INVALID', 'Pattern'],
      ['Tags', 'KEY_TYPE', 'PK'],
      ['Size', 'ENUM_TWICE', 'EnumValues'],
      ['Size', 'DEFAULT_ENUM', 'Default'],
    ]);
  });
});

describe('the control tree', () => {
  const controls: ControlNode[] = [
    { Id: 'ref', Type: 'field', Key: 'Ref' },
    { Id: 'sec', Type: 'section', Title: 'Scores', Children: [] },
    {
      Id: 'photos',
      Type: 'array',
      Key: 'Photos',
      Children: [{ Id: 'caption', Type: 'field', Key: 'Photos.Caption' }],
    },
  ];

  it('starts from every field in order', () => {
    expect(defaultControls(schema)).toEqual([
      { Id: 'field-Ref', Type: 'field', Key: 'Ref' },
      { Id: 'field-Score', Type: 'field', Key: 'Score' },
      { Id: 'field-Grade', Type: 'field', Key: 'Grade' },
      {
        Id: 'array-Photos',
        Type: 'array',
        Key: 'Photos',
        Children: [{ Id: 'field-Photos.Caption', Type: 'field', Key: 'Photos.Caption' }],
      },
    ]);
  });

  it('lets a control go only into containers of its own key parent', () => {
    expect(canDropInto(controls, 'ref', 'sec')).toBe(true);
    expect(canDropInto(controls, 'ref', 'photos')).toBe(false);
    expect(canDropInto(controls, 'caption', 'sec')).toBe(false);
    expect(canDropInto(controls, 'caption', null)).toBe(false);
    expect(canDropInto(controls, 'sec', 'sec')).toBe(false);
    expect(canDropInto(controls, 'ref', 'caption')).toBe(false);
  });

  it('finds controls of missing fields, misplaced ones and required fields left out', () => {
    const problems = controlProblems(
      [
        { Id: 'ghost', Type: 'field', Key: 'Ghost' },
        { Id: 'stray', Type: 'field', Key: 'Photos.Caption' },
      ],
      schema,
    );
    expect(problems.map((p) => p.ControlId)).toEqual(['ghost', 'stray', '']);
    expect(problems[2]!.Message).toBe("The required field 'Ref' has no control.");
  });
});
