import type { ControlNode, FormDefinition, JsonSchema } from '#metadata';
import { keyParentOf } from '#platform/core';
import { type LayoutNode, layoutKey } from './layout-node';

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Node)
    : undefined;

/** One object of the form being laid out: its schema, its uiSchema and what is placed so far. */
interface Level {
  properties: Node;
  /** The key of the array whose items this object is ('' for the form's root). */
  keyParent: string;
  ui: Node;
  order: string[];
}

function levelOf(schema: unknown, ui: Node, keyParent: string): Level {
  return { properties: asNode(asNode(schema)?.properties) ?? {}, keyParent, ui, order: [] };
}

/** The uiSchema of an array control's items, laid out by its children. */
function itemsUi(items: unknown, itemsUiSchema: unknown, key: string, children: ControlNode[]) {
  const level = levelOf(items, { ...asNode(itemsUiSchema) }, key);
  const layout = layoutFor(children, level);
  return { ...level.ui, 'ui:order': [...level.order, '*'], [layoutKey]: layout };
}

/**
 * Places a field or array control's property on its level: its `ui:title` and `ui:widget`,
 * and for an array of objects the layout of its items. The name placed, or undefined for a
 * control naming no property of this level (or one placed already).
 */
function place(control: Extract<ControlNode, { Key: string }>, level: Level): string | undefined {
  if (keyParentOf(control.Key) !== level.keyParent) return undefined;
  const name = level.keyParent ? control.Key.slice(level.keyParent.length + 1) : control.Key;
  const property = Object.hasOwn(level.properties, name)
    ? asNode(level.properties[name])
    : undefined;
  if (!property || level.order.includes(name)) return undefined;

  const ui: Node = { ...asNode(level.ui[name]) };
  if (control.Title) ui['ui:title'] = control.Title;
  if (control.Type === 'field' && control.Widget) ui['ui:widget'] = control.Widget;
  const items = asNode(property.items);
  if (control.Type !== 'field' && property.type === 'array' && asNode(items?.properties)) {
    ui.items = itemsUi(items, ui.items, control.Key, control.Children);
    if (control.Type === 'tabarray') ui['ui:options'] = { ...asNode(ui['ui:options']), tabs: true };
  }
  level.ui[name] = ui;
  level.order.push(name);
  return name;
}

function layoutFor(controls: readonly ControlNode[], level: Level): LayoutNode[] {
  const nodes: LayoutNode[] = [];
  for (const control of controls) {
    if ('Key' in control) {
      const name = place(control, level);
      if (name !== undefined) nodes.push({ kind: 'field', name });
    } else if (control.Type === 'tab') {
      const tab = {
        id: control.Id,
        title: control.Title,
        children: layoutFor(control.Children, level),
      };
      const previous = nodes.at(-1);
      if (previous?.kind === 'tabs') previous.tabs.push(tab);
      else nodes.push({ kind: 'tabs', id: control.Id, tabs: [tab] });
    } else {
      const children = layoutFor(control.Children, level);
      nodes.push({ kind: control.Type, id: control.Id, title: control.Title, children });
    }
  }
  return nodes;
}

/**
 * The uiSchema that draws a form definition's control tree (`{ 'ui:controls': [...] }`, see
 * `ControlNode`): `ui:order` in the tree's order, each placed field's `ui:title` and
 * `ui:widget`, the items' uiSchema of array controls (`ui:options.tabs` for a tabarray) and
 * the containers as `ui:controlLayout`, which the object template draws. Properties no control
 * places are not drawn (their values stay in the form data). A uiSchema without `ui:controls`
 * is returned as it is; its other keys are kept.
 *
 * @example applyControls(schema, { 'ui:controls': [{ Id: 'f1', Type: 'field', Key: 'Notes', Widget: 'textarea' }] })
 * // -> { Notes: { 'ui:widget': 'textarea' }, 'ui:order': ['Notes', '*'], 'ui:controlLayout': [...] }
 */
export function applyControls(
  schema: JsonSchema,
  uiSchema: FormDefinition | null | undefined,
): FormDefinition | null | undefined {
  const controls = uiSchema?.['ui:controls'];
  if (!uiSchema || !Array.isArray(controls)) return uiSchema;
  const { 'ui:controls': _controls, ...rest } = uiSchema;
  const level = levelOf(schema, rest, '');
  // The form definition was checked against `userFormDefinitionSchema` when it was saved.
  const layout = layoutFor(controls as ControlNode[], level);
  return { ...level.ui, 'ui:order': [...level.order, '*'], [layoutKey]: layout };
}
