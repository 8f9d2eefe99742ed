import { menuDepthLimit } from '#metadata';
import type { Placement } from '../data-source/drop-slots';
import {
  childrenIn,
  findMenuNode,
  heightOf,
  isWithin,
  levelOf,
  type MenuNode,
  type MenuPlace,
  placeOf,
  walkMenu,
} from './menu-nodes';

/**
 * Where a dragged item may go. The droppables are the items themselves (dropping on one puts
 * the dragged item before it, or after it when the pointer is on the lower half of an item
 * without children) and, at the end of every item's children and of the top level, an end
 * zone: the way to nest an item under another, or to put it last.
 */

const itemPrefix = 'item:';
const endPrefix = 'end-of:';

/** The droppable id of an item. */
export const itemDndId = (id: number) => `${itemPrefix}${id}`;

/** The item an item's droppable id names, or undefined for another id. */
export function itemOfDndId(dndId: string): number | undefined {
  return dndId.startsWith(itemPrefix) ? Number(dndId.slice(itemPrefix.length)) : undefined;
}

/** The id of the end zone after the children of `parentId` (null: the top level). */
export const endZoneId = (parentId: number | null) => `${endPrefix}${parentId ?? ''}`;

/** The parent whose end zone `dndId` is (null: the top level), or undefined for an item's id. */
export function endZoneParent(dndId: string): number | null | undefined {
  if (!dndId.startsWith(endPrefix)) return undefined;
  const rest = dndId.slice(endPrefix.length);
  return rest === '' ? null : Number(rest);
}

/**
 * Whether `activeId` may go under `parentId` (null: the top level): never into itself or what
 * it holds, and never so deep that it or what it holds would pass `menuDepthLimit`.
 */
export function mayNestInto(
  nodes: readonly MenuNode[],
  activeId: number,
  parentId: number | null,
): boolean {
  if (parentId === null) return true;
  const active = findMenuNode(nodes, activeId);
  if (!active || isWithin(nodes, parentId, activeId)) return false;
  return levelOf(nodes, parentId) + heightOf(active) <= menuDepthLimit;
}

/**
 * The droppables the item `activeId` may go to, in the order of the page, each a place of its
 * own: its own id first stands for where it is, and places that mean the same (before its next
 * sibling, the end of its list when it is last) are left out. The arrow keys walk this list.
 */
export function dropSlots(nodes: readonly MenuNode[], activeId: number): string[] {
  const slots: string[] = [];
  const visit = (list: readonly MenuNode[], parentId: number | null) => {
    const allowed = mayNestInto(nodes, activeId, parentId);
    list.forEach((node, index) => {
      if (node.Id === activeId) slots.push(itemDndId(node.Id));
      else if (allowed && list[index - 1]?.Id !== activeId) slots.push(itemDndId(node.Id));
      if (node.Id !== activeId) visit(node.children, node.Id);
    });
    if (allowed && list.at(-1)?.Id !== activeId) slots.push(endZoneId(parentId));
  };
  visit(nodes, null);
  return slots;
}

/** Where dropping `activeId` on the droppable `overId` puts it, or null when it may not go there. */
export function dropTarget(
  nodes: readonly MenuNode[],
  activeId: number,
  overId: string,
  placement: Placement = 'before',
): MenuPlace | null {
  const overItem = itemOfDndId(overId);
  if (overItem === activeId) return placeOf(nodes, activeId);
  const zone = endZoneParent(overId);
  let target: MenuPlace | null = null;
  if (zone !== undefined) {
    const rest = childrenIn(nodes, zone).filter((node) => node.Id !== activeId);
    target = { parentId: zone, index: rest.length };
  } else if (overItem !== undefined) {
    const place = placeOf(nodes, overItem);
    if (!place) return null;
    const rest = childrenIn(nodes, place.parentId).filter((node) => node.Id !== activeId);
    const index = rest.findIndex((node) => node.Id === overItem) + (placement === 'after' ? 1 : 0);
    target = { parentId: place.parentId, index };
  }
  return target && mayNestInto(nodes, activeId, target.parentId) ? target : null;
}

/** Whether dropping at `target` leaves the item where it is. */
export function staysPut(nodes: readonly MenuNode[], activeId: number, target: MenuPlace) {
  const place = placeOf(nodes, activeId);
  return place?.parentId === target.parentId && place.index === target.index;
}

/** Whether any item of the tree is one of `ids` (the special items, which stay). */
export function holdsAny(node: MenuNode, ids: readonly number[]): boolean {
  return [...walkMenu([node])].some(({ node: inner }) => ids.includes(inner.Id));
}
