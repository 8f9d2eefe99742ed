import { Alert, List } from '@mantine/core';
import { findControl } from './control-edits';
import { controlLabel } from './control-labels';
import { useDesigner } from './designer-context';
import { findField } from './field-nodes';
import type { DesignProblems } from './save-body';
import { useTranslate } from './use-translate';

/**
 * Every problem in one list above the buttons: what the browser finds (which keeps Save
 * disabled) and what the server refused.
 */
export function DesignerSummary({ problems }: { problems: DesignProblems }) {
  const t = useTranslate();
  const { state, fieldProblems } = useDesigner();
  const { serverErrors } = state;
  const onField = (field: string, problem: string) =>
    field ? t('DESIGNER.FIELD_PROBLEM', { field, problem }) : problem;
  const onControl = (id: string, problem: string) => {
    const node = id ? findControl(state.controls, id) : undefined;
    const control = node ? controlLabel(node, state.fields, t) : id;
    return control ? t('DESIGNER.CONTROL_PROBLEM', { control, problem }) : problem;
  };
  const local = [
    ...(problems.name === null
      ? []
      : [t(problems.name === 'required' ? 'DESIGNER.NAME_REQUIRED' : 'DESIGNER.NAME_PATTERN')]),
    ...fieldProblems.map((problem) => onField(problem.field, problem.text)),
    ...problems.controls.map((problem) => onControl(problem.ControlId, problem.Message)),
  ];
  const refused = [
    ...serverErrors.name.map((text) => t('DESIGNER.NAME_PROBLEM', { problem: text })),
    ...serverErrors.primaryKey.map((text) => t('DESIGNER.KEY_PROBLEM', { problem: text })),
    ...Object.entries(serverErrors.fields).flatMap(([uid, texts]) =>
      texts.map((text) => onField(findField(state.fields, uid)?.namePath ?? '', text)),
    ),
    ...Object.entries(serverErrors.controls).flatMap(([id, texts]) =>
      texts.map((text) => onControl(id, text)),
    ),
    ...serverErrors.other,
  ];
  if (local.length + refused.length === 0) return null;
  return (
    <Alert
      color={refused.length > 0 ? 'red' : 'yellow'}
      title={t(refused.length > 0 ? 'DESIGNER.SUMMARY.REFUSED' : 'DESIGNER.SUMMARY.TO_SAVE')}
    >
      <List size="sm">
        {[...refused, ...local].map((text, index) => (
          <List.Item key={`${index}:${text}`}>{text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
