import type { ControlNode } from '#metadata';
import { isArrayControl, keyParentOf, walkControls } from '#platform/core';
import { appendControl, freeControlId } from './control-edits';
import type { FieldNode } from './field-nodes';

/**
 * The control tree as the designer holds it names fields by uid paths (`f1.f4`) in `Key`, not
 * by names: a control follows its field through every rename, even while the name is empty or
 * taken by a sibling. Keys become names (`Photos.Caption`) for the preview and the save.
 */

type KeyStep = (siblings: readonly FieldNode[], part: string) => FieldNode | undefined;
const byUid: KeyStep = (siblings, uid) => siblings.find((node) => node.uid === uid);
const byName: KeyStep = (siblings, name) => siblings.find((node) => node.Name === name);

/** The fields along a key, through Array fields only (as `fieldAtKey` reads control keys). */
function fieldsAlong(nodes: readonly FieldNode[], key: string, step: KeyStep): FieldNode[] | null {
  const along: FieldNode[] = [];
  let siblings = nodes;
  for (const part of key.split('.')) {
    const last = along.at(-1);
    if (last && last.Type !== 'Array') return null;
    const field = step(siblings, part);
    if (!field) return null;
    along.push(field);
    siblings = field.Children;
  }
  return along;
}

export const fieldAtUidKey = (nodes: readonly FieldNode[], key: string) =>
  fieldsAlong(nodes, key, byUid)?.at(-1);

/** An array field whose items have fields: its control holds theirs. */
const holdsItemControls = (field: FieldNode) => field.Type === 'Array' && field.Children.length > 0;

function mapKeys(
  controls: readonly ControlNode[],
  map: (key: string) => string | null,
): ControlNode[] {
  return controls.flatMap((node): ControlNode[] => {
    if (!('Key' in node)) return [{ ...node, Children: mapKeys(node.Children, map) }];
    const Key = map(node.Key);
    if (Key === null) return [];
    return isArrayControl(node) && 'Children' in node
      ? [{ ...node, Key, Children: mapKeys(node.Children, map) }]
      : [{ ...node, Key }];
  });
}

const joined = (fields: FieldNode[] | null, part: (field: FieldNode) => string) =>
  fields ? fields.map(part).join('.') : null;

/** Stored controls (keys by name) as the designer holds them; keys naming no field are dropped. */
export const toUidKeys = (controls: readonly ControlNode[], nodes: readonly FieldNode[]) =>
  mapKeys(controls, (key) => joined(fieldsAlong(nodes, key, byName), (field) => field.uid));

/** The designer's controls with keys by name, as the form and the server read them. */
export const toNameKeys = (controls: readonly ControlNode[], nodes: readonly FieldNode[]) =>
  mapKeys(controls, (key) => joined(fieldsAlong(nodes, key, byUid), (field) => field.Name));

function itemControls(field: FieldNode, key: string, taken: ControlNode[]): ControlNode[] {
  return field.Children.map((child) => {
    const childKey = `${key}.${child.uid}`;
    const node = fieldControl(child, childKey, taken);
    taken.push(node);
    return node;
  });
}

function fieldControl(field: FieldNode, key: string, taken: ControlNode[]): ControlNode {
  const stem = holdsItemControls(field) ? 'array' : 'field';
  const Id = freeControlId(taken, stem);
  if (stem === 'field') return { Id, Type: 'field', Key: key };
  const placeholder: ControlNode = { Id, Type: 'array', Key: key, Children: [] };
  taken.push(placeholder);
  return { ...placeholder, Children: itemControls(field, key, taken) };
}

/**
 * The controls after a change of the field tree: a control whose field is gone goes; an array
 * that gained item fields gets an array control holding theirs, one that lost them a field one.
 */
export function reconcileControls(controls: readonly ControlNode[], nodes: readonly FieldNode[]) {
  const taken = [...controls];
  const fix = (list: readonly ControlNode[]): ControlNode[] =>
    list.flatMap((node): ControlNode[] => {
      if (!('Key' in node)) return [{ ...node, Children: fix(node.Children) }];
      const field = fieldAtUidKey(nodes, node.Key);
      if (!field) return [];
      const base = { Id: node.Id, Key: node.Key, ...(node.Title ? { Title: node.Title } : {}) };
      if (!holdsItemControls(field))
        return node.Type === 'field' ? [node] : [{ ...base, Type: 'field' }];
      if (isArrayControl(node) && 'Children' in node)
        return [{ ...node, Children: fix(node.Children) }];
      return [{ ...base, Type: 'array', Children: itemControls(field, node.Key, taken) }];
    });
  return fix(controls);
}

/** The array control showing the items of the field at `key` ('' for the form), if shown. */
function holderOf(controls: readonly ControlNode[], key: string): string | null | undefined {
  if (key === '') return null;
  for (const { node } of walkControls(controls)) {
    if (isArrayControl(node) && 'Key' in node && node.Key === key) return node.Id;
  }
  return undefined;
}

/** Fields that could be on the form but are not: their parent is shown and they are not. */
export function unshownFields(controls: readonly ControlNode[], nodes: readonly FieldNode[]) {
  const shown = new Set<string>();
  for (const { node } of walkControls(controls)) if ('Key' in node) shown.add(node.Key);
  const missing: { key: string; field: FieldNode }[] = [];
  const visit = (list: readonly FieldNode[], parent: string) => {
    for (const field of list) {
      const key = parent ? `${parent}.${field.uid}` : field.uid;
      if (!shown.has(key)) missing.push({ key, field });
      else if (holdsItemControls(field)) visit(field.Children, key);
    }
  };
  visit(nodes, '');
  return missing.filter(({ key }) => holderOf(controls, keyParentOf(key)) !== undefined);
}

/** Puts the field at `key` on the form: at the end of the form, or of its array's control. */
export function showField(
  controls: readonly ControlNode[],
  nodes: readonly FieldNode[],
  key: string,
): ControlNode[] {
  const holder = holderOf(controls, keyParentOf(key));
  const field = fieldAtUidKey(nodes, key);
  if (holder === undefined || !field) return [...controls];
  return appendControl(controls, holder, fieldControl(field, key, [...controls]));
}
