import type { ControlNode } from '#metadata';
import { canDropInto, isContainerControl } from '#platform/core';
import { childrenIn, locateControl } from './control-edits';

/**
 * Where a dragged control may go. The droppables are the controls themselves (dropping on one
 * puts the dragged control before it, or after it when the pointer is on its lower half) and,
 * at the end of every container's list, an end zone (the only way into an empty container).
 */

const endPrefix = 'end-of:';

/** The id of the end zone of a container (the form's for null). */
export const endZoneId = (containerId: string | null) => `${endPrefix}${containerId ?? ''}`;

/** The container whose end zone `id` is (null: the form), or undefined for a control's id. */
export function endZoneContainer(id: string): string | null | undefined {
  if (!id.startsWith(endPrefix)) return undefined;
  return id.slice(endPrefix.length) || null;
}

export type Placement = 'before' | 'after';

export interface DropTarget {
  containerId: string | null;
  /** Index in the container's list without the dragged control. */
  index: number;
}

/**
 * The droppables the control `activeId` may go to, in the order of the page, each a place of
 * its own: its own id first stands for where it is, and the places that mean the same (before
 * its next sibling, the end of its list when it is last) are left out. The arrow keys walk
 * this list, so they pass into and out of containers and never reach a refused place.
 */
export function dropSlots(controls: readonly ControlNode[], activeId: string): string[] {
  const slots: string[] = [];
  const visit = (list: readonly ControlNode[], containerId: string | null) => {
    const allowed = canDropInto(controls, activeId, containerId);
    list.forEach((node, index) => {
      if (node.Id === activeId) slots.push(node.Id);
      else if (allowed && list[index - 1]?.Id !== activeId) slots.push(node.Id);
      if (isContainerControl(node) && node.Id !== activeId) visit(node.Children, node.Id);
    });
    if (allowed && list.at(-1)?.Id !== activeId) slots.push(endZoneId(containerId));
  };
  visit(controls, null);
  return slots;
}

/** Where dropping `activeId` on `overId` puts it, or null when it may not go there. */
export function dropTarget(
  controls: readonly ControlNode[],
  activeId: string,
  overId: string,
  placement: Placement = 'before',
): DropTarget | null {
  if (overId === activeId) return locateControl(controls, activeId);
  const zone = endZoneContainer(overId);
  let target: DropTarget | null;
  if (zone !== undefined) {
    const rest = childrenIn(controls, zone).filter((node) => node.Id !== activeId);
    target = { containerId: zone, index: rest.length };
  } else {
    const place = locateControl(controls, overId);
    if (!place) return null;
    const rest = childrenIn(controls, place.containerId).filter((node) => node.Id !== activeId);
    const index = rest.findIndex((node) => node.Id === overId) + (placement === 'after' ? 1 : 0);
    target = { containerId: place.containerId, index };
  }
  return canDropInto(controls, activeId, target.containerId) ? target : null;
}

/** Whether dropping at `target` leaves the control where it is. */
export function staysPut(controls: readonly ControlNode[], activeId: string, target: DropTarget) {
  const place = locateControl(controls, activeId);
  return place?.containerId === target.containerId && place.index === target.index;
}
