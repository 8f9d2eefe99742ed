import type { ControlNode } from '#metadata';
import { findControl } from './control-edits';
import { fieldAtUidKey } from './control-fields';
import type { FieldNode } from './field-nodes';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a field is called on screen: its title, else its name. */
export const fieldLabel = (field: FieldNode) => field.Title.trim() || field.Name;

/** A control as the designer names it: its field's title or name, or its type and title. */
export function controlLabel(node: ControlNode, fields: readonly FieldNode[], t: Translate) {
  if ('Key' in node) {
    const field = fieldAtUidKey(fields, node.Key);
    return node.Title?.trim() || (field ? fieldLabel(field) : node.Key);
  }
  const type = t(`DESIGNER.CONTROL_TYPE.${node.Type}`);
  const title = node.Title?.trim();
  return title
    ? t('DESIGNER.CONTROL.TITLED', { type, title })
    : t('DESIGNER.CONTROL.UNTITLED', { type });
}

/** A container as the designer names it; null is the form itself. */
export function containerLabel(
  controls: readonly ControlNode[],
  containerId: string | null,
  fields: readonly FieldNode[],
  t: Translate,
) {
  const node = containerId === null ? undefined : findControl(controls, containerId);
  return node ? controlLabel(node, fields, t) : t('DESIGNER.CONTROL.THE_FORM');
}
