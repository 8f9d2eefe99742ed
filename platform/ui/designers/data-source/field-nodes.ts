import type { UserFieldType } from '#metadata';
import { type DesignField, emptyDesignField, hasBounds, isKeyType } from '#platform/core';

/**
 * The designer's field tree: `DesignField`s with a stable `uid` each, so that the control tree
 * can point at a field whatever its name is while the user types it (see `control-fields.ts`).
 */
export interface FieldNode extends DesignField {
  uid: string;
  Children: FieldNode[];
  /** The name follows the title (a field added here, until its name is typed under Advanced). */
  autoName?: boolean;
}

let lastUid = 0;
const nextUid = () => `f${(lastUid += 1)}`;

export function withUids(fields: readonly DesignField[]): FieldNode[] {
  return fields.map((field) => ({ ...field, uid: nextUid(), Children: withUids(field.Children) }));
}

export const holdsFields = (type: UserFieldType) => type === 'Array' || type === 'Object';

/** Every node with its parent, uid path (`f1.f4`) and name path (`Photos.Caption`), depth first. */
export function* walkFields(
  nodes: readonly FieldNode[],
  parent: FieldNode | null = null,
  uidParent = '',
  nameParent = '',
): Generator<{ node: FieldNode; parent: FieldNode | null; uidPath: string; namePath: string }> {
  for (const node of nodes) {
    const uidPath = uidParent ? `${uidParent}.${node.uid}` : node.uid;
    const namePath = nameParent ? `${nameParent}.${node.Name}` : node.Name;
    yield { node, parent, uidPath, namePath };
    yield* walkFields(node.Children, node, uidPath, namePath);
  }
}

export const findField = (nodes: readonly FieldNode[], uid: string) =>
  [...walkFields(nodes)].find((entry) => entry.node.uid === uid);

/** The siblings of a node (the top level when `parentUid` is null). */
export function childrenOf(nodes: readonly FieldNode[], parentUid: string | null) {
  return parentUid === null ? nodes : (findField(nodes, parentUid)?.node.Children ?? []);
}

/** `Field1`, `Field2`...: the first such name no sibling has. */
export function freeName(siblings: readonly FieldNode[]): string {
  const taken = new Set(siblings.map((node) => node.Name.toLowerCase()));
  let number = 1;
  while (taken.has(`field${number}`)) number += 1;
  return `Field${number}`;
}

/** The tree with `change` applied to the node `uid` (or to the top level when null). */
function mapNode(
  nodes: readonly FieldNode[],
  uid: string | null,
  change: (node: FieldNode) => FieldNode,
): FieldNode[] {
  return nodes.map((node) =>
    node.uid === uid ? change(node) : { ...node, Children: mapNode(node.Children, uid, change) },
  );
}

export function addField(
  nodes: readonly FieldNode[],
  parentUid: string | null,
  type: UserFieldType = 'String',
): [FieldNode[], FieldNode] {
  const added: FieldNode = {
    ...emptyDesignField(freeName(childrenOf(nodes, parentUid)), type),
    uid: nextUid(),
    Children: [],
    autoName: true,
  };
  if (parentUid === null) return [[...nodes, added], added];
  return [
    mapNode(nodes, parentUid, (node) => ({ ...node, Children: [...node.Children, added] })),
    added,
  ];
}

export function removeField(nodes: readonly FieldNode[], uid: string): FieldNode[] {
  return nodes
    .filter((node) => node.uid !== uid)
    .map((node) => ({ ...node, Children: removeField(node.Children, uid) }));
}

export type FieldPatch = Partial<Omit<DesignField, 'Children' | 'FieldId'>> & {
  autoName?: boolean;
};

/** The attributes a type change leaves meaningless are cleared, so no stale value lingers. */
function retyped(node: FieldNode, type: UserFieldType): FieldNode {
  const keyable = isKeyType(type);
  return {
    ...node,
    Type: type,
    Default: '',
    Pattern: type === 'String' || type === 'Enum' ? node.Pattern : '',
    Min: hasBounds(type) ? node.Min : null,
    Max: hasBounds(type) ? node.Max : null,
    PK: keyable && node.PK,
    Unique: keyable && node.Unique,
    EnumValues: type === 'Enum' ? node.EnumValues : '',
  };
}

export function updateField(
  nodes: readonly FieldNode[],
  uid: string,
  patch: FieldPatch,
): FieldNode[] {
  return mapNode(nodes, uid, (node) => {
    const typed = patch.Type && patch.Type !== node.Type ? retyped(node, patch.Type) : node;
    const { Type: _type, ...rest } = patch;
    const next = { ...typed, ...rest };
    // The key is always required (spec, data sources and grids).
    return next.PK ? { ...next, Required: true, Unique: false } : next;
  });
}

/** Makes `uid` (a top-level field) the key, or the system Id when null. */
export function setKeyField(nodes: readonly FieldNode[], uid: string | null): FieldNode[] {
  return nodes.map((node) =>
    node.uid === uid
      ? { ...node, PK: true, Required: true, Unique: false }
      : node.PK
        ? { ...node, PK: false }
        : node,
  );
}

/** Top-level fields that may be the key. */
export const keyCandidates = (nodes: readonly FieldNode[]) =>
  nodes.filter((node) => isKeyType(node.Type) && node.Name.trim() !== '');
