import type { DesignField, FieldProblem } from '#platform/core';
import type { Translate } from './control-labels';
import { type FieldNode, walkFields } from './field-nodes';

/** The attribute of a field a problem is shown on, in the field editor. */
export type FieldAttribute = keyof Pick<
  DesignField,
  'Name' | 'Type' | 'Default' | 'Pattern' | 'Min' | 'Max' | 'PK' | 'EnumValues'
>;

/**
 * The problems `fieldTreeProblems` finds, as translation keys and the attribute they concern.
 * A problem matching none is shown as it is, on the field as a whole.
 */
const rules: readonly [RegExp, string, FieldAttribute | null][] = [
  [/^needs a name$/, 'NAME_REQUIRED', 'Name'],
  [/^must start with a letter/, 'NAME_PATTERN', 'Name'],
  [/^is the name of another field here$/, 'NAME_TAKEN', 'Name'],
  [/^is the name of a system field$/, 'NAME_SYSTEM', 'Name'],
  [/^needs at least one value/, 'ENUM_EMPTY', 'EnumValues'],
  [/^has the same value twice$/, 'ENUM_TWICE', 'EnumValues'],
  [/^is not a valid pattern$/, 'PATTERN_INVALID', 'Pattern'],
  [/^has Min above Max$/, 'MIN_ABOVE_MAX', 'Max'],
  [/^needs Min and Max as whole numbers from 0$/, 'BOUNDS_COUNT', 'Min'],
  [/^needs Min and Max as whole numbers$/, 'BOUNDS_INTEGER', 'Min'],
  [/^has a default that is not a number$/, 'DEFAULT_NUMBER', 'Default'],
  [/^has a default that is not a whole number$/, 'DEFAULT_INTEGER', 'Default'],
  [/^has a default other than true or false$/, 'DEFAULT_BOOLEAN', 'Default'],
  [/^has a default that is not one of its values$/, 'DEFAULT_ENUM', 'Default'],
  [/^can be the key or unique only at the top level$/, 'KEY_NESTED', 'PK'],
];
const treeRules: readonly [RegExp, string][] = [
  [/^Only one field can be the key\.$/, 'ONE_KEY'],
  [/holds (\d+) fields at most/, 'TOO_MANY'],
];

export interface ShownProblem {
  text: string;
  /** The field concerned (null: the tree as a whole) and the attribute, when known. */
  uid: string | null;
  attribute: FieldAttribute | null;
  /** How the summary names the field. */
  field: string;
}

/** Each problem translated and placed on the fields it concerns (both fields of a clash). */
export function shownFieldProblems(
  problems: readonly FieldProblem[],
  fields: readonly FieldNode[],
  t: Translate,
): ShownProblem[] {
  const entries = [...walkFields(fields)];
  return problems.flatMap((problem): ShownProblem[] => {
    const tree = treeRules.find(([pattern]) => pattern.test(problem.Message));
    if (tree) {
      const max = tree[0].exec(problem.Message)?.[1];
      return [
        { text: t(`DESIGNER.PROBLEM.${tree[1]}`, { max }), uid: null, attribute: null, field: '' },
      ];
    }
    const rule = rules.find(([pattern]) => pattern.test(problem.Message));
    const text = rule ? t(`DESIGNER.PROBLEM.${rule[1]}`) : problem.Message;
    const attribute = rule?.[2] ?? null;
    const nodes = entries.filter((entry) => entry.namePath === problem.Path);
    if (nodes.length === 0) return [{ text, uid: null, attribute, field: problem.Path }];
    return nodes.map(({ node, namePath }) => ({
      text,
      uid: node.uid,
      attribute,
      field: node.Name.trim() ? namePath : t('DESIGNER.FIELD.UNNAMED'),
    }));
  });
}
