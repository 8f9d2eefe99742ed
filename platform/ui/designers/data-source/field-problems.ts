import { maxUserFields } from '#metadata';
import type { DesignField, FieldProblem } from '#platform/core';
import type { Translate } from './control-labels';
import { type FieldNode, walkFields } from './field-nodes';

/** The attribute of a field a problem is shown on, in the field editor. */
export type FieldAttribute = keyof Pick<
  DesignField,
  'Name' | 'Type' | 'Default' | 'Pattern' | 'Min' | 'Max' | 'PK' | 'EnumValues'
>;

const shownOn: ReadonlySet<string> = new Set<FieldAttribute>([
  'Name',
  'Type',
  'Default',
  'Pattern',
  'Min',
  'Max',
  'PK',
  'EnumValues',
]);

/** The attribute input a problem is shown on, when the editor has one for it. */
const attributeOf = (problem: FieldProblem): FieldAttribute | null =>
  problem.Attribute !== null && shownOn.has(problem.Attribute)
    ? (problem.Attribute as FieldAttribute)
    : null;

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
    const text = t(`DESIGNER.PROBLEM.${problem.Code}`, {
      max: maxUserFields,
      ...problem.Params,
      defaultValue: problem.Message,
    });
    if (problem.Path === '') return [{ text, uid: null, attribute: null, field: '' }];
    const attribute = attributeOf(problem);
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
