import type { ControlNode } from '#metadata';
import { type ContainerNode, isContainerControl, walkControls } from '#platform/core';

/**
 * Edits of a control tree that know nothing of fields: find, move, remove, add and retitle
 * controls. Containers are addressed by id; `null` is the form itself.
 */

export function findControl(controls: readonly ControlNode[], id: string): ControlNode | undefined {
  for (const { node } of walkControls(controls)) if (node.Id === id) return node;
  return undefined;
}

/** The children of a container (the form's controls for null). */
export function childrenIn(controls: readonly ControlNode[], containerId: string | null) {
  if (containerId === null) return controls;
  const container = findControl(controls, containerId);
  return container && isContainerControl(container) ? container.Children : [];
}

/** Where a control sits: its container (null: the form) and its index there. */
export function locateControl(
  controls: readonly ControlNode[],
  id: string,
  containerId: string | null = null,
): { containerId: string | null; index: number } | null {
  const index = controls.findIndex((node) => node.Id === id);
  if (index >= 0) return { containerId, index };
  for (const node of controls) {
    if (!isContainerControl(node)) continue;
    const found = locateControl(node.Children, id, node.Id);
    if (found) return found;
  }
  return null;
}

/** The tree with `change` applied to the list of the container (the form's list for null). */
export function mapList(
  controls: readonly ControlNode[],
  containerId: string | null,
  change: (list: readonly ControlNode[]) => ControlNode[],
): ControlNode[] {
  if (containerId === null) return change(controls);
  return controls.map((node) => {
    if (!isContainerControl(node)) return node;
    const Children =
      node.Id === containerId ? change(node.Children) : mapList(node.Children, containerId, change);
    return { ...node, Children } as ControlNode;
  });
}

function without(controls: readonly ControlNode[], id: string): ControlNode[] {
  return controls
    .filter((node) => node.Id !== id)
    .map((node) =>
      isContainerControl(node)
        ? ({ ...node, Children: without(node.Children, id) } as ControlNode)
        : node,
    );
}

/** Moves a control to `index` of a container, the index counted without the moved control. */
export function moveControl(
  controls: readonly ControlNode[],
  id: string,
  containerId: string | null,
  index: number,
): ControlNode[] {
  const moved = findControl(controls, id);
  if (!moved) return [...controls];
  return mapList(without(controls, id), containerId, (list) => [
    ...list.slice(0, index),
    moved,
    ...list.slice(index),
  ]);
}

export const appendControl = (
  controls: readonly ControlNode[],
  containerId: string | null,
  node: ControlNode,
) => mapList(controls, containerId, (list) => [...list, node]);

/**
 * Removes a control. A section, fieldset, tab or actions leaves its children where it was; a
 * field or array control goes with its item controls (they cannot leave their array).
 */
export function removeControl(controls: readonly ControlNode[], id: string): ControlNode[] {
  const place = locateControl(controls, id);
  const node = findControl(controls, id);
  if (!place || !node) return [...controls];
  const keep = isContainerControl(node) && !('Key' in node) ? node.Children : [];
  return mapList(controls, place.containerId, (list) => [
    ...list.slice(0, place.index),
    ...keep,
    ...list.slice(place.index + 1),
  ]);
}

export function setControlTitle(
  controls: readonly ControlNode[],
  id: string,
  title: string,
): ControlNode[] {
  return controls.map((node) => {
    const titled = node.Id === id ? { ...node, Title: title } : node;
    if (!title && titled !== node) delete (titled as { Title?: string }).Title;
    return isContainerControl(titled)
      ? ({ ...titled, Children: setControlTitle(titled.Children, id, title) } as ContainerNode)
      : titled;
  });
}

/** `section-1`, `section-2`...: the first id of that stem no control has. */
export function freeControlId(controls: readonly ControlNode[], stem: string): string {
  const taken = new Set([...walkControls(controls)].map(({ node }) => node.Id));
  let number = 1;
  while (taken.has(`${stem}-${number}`)) number += 1;
  return `${stem}-${number}`;
}
