import { menuDepthLimit } from '#metadata';
import {
  childrenIn,
  insertMenuNode,
  levelOf,
  type MenuNode,
  type MenuPlace,
  placeOf,
} from '../menu/menu-nodes';

/** Where a new menu item goes, said as a user picks it: before, after or inside an item. */
export type MenuRelation = 'before' | 'after' | 'inside';
export interface MenuPosition {
  /** The item it goes next to or inside; null: the end of the main menu. */
  anchorId: number | null;
  relation: MenuRelation;
}

export const endOfMenu: MenuPosition = { anchorId: null, relation: 'inside' };

/** Whether a new item may go inside `anchorId` (the menu nests `menuDepthLimit` deep). */
export const canGoInside = (nodes: readonly MenuNode[], anchorId: number) =>
  levelOf(nodes, anchorId) + 1 <= menuDepthLimit;

/** The parent and index a position names (null when its item is gone or too deep). */
export function placeOfPosition(
  nodes: readonly MenuNode[],
  position: MenuPosition,
): MenuPlace | null {
  const { anchorId, relation } = position;
  if (anchorId === null) return { parentId: null, index: nodes.length };
  if (relation === 'inside') {
    if (!canGoInside(nodes, anchorId)) return null;
    return { parentId: anchorId, index: childrenIn(nodes, anchorId).length };
  }
  const place = placeOf(nodes, anchorId);
  if (!place) return null;
  return { parentId: place.parentId, index: place.index + (relation === 'after' ? 1 : 0) };
}

/** The menu with a new item (temporary Id -1) opening `url` at `position`. */
export function withNewItem(
  nodes: readonly MenuNode[],
  position: MenuPosition,
  item: { Name: string; Url: string },
): MenuNode[] | null {
  const place = placeOfPosition(nodes, position);
  if (!place) return null;
  const node: MenuNode = {
    Id: -1,
    Name: item.Name,
    Url: item.Url,
    IsNew: true,
    loadedOrder: null,
    children: [],
  };
  return insertMenuNode(nodes, place, node);
}

/** The names from the top of the menu down to the new item, as the user will find it. */
export function pathOfNewItem(nodes: readonly MenuNode[], position: MenuPosition, name: string) {
  const place = placeOfPosition(nodes, position);
  if (!place) return null;
  const trail: string[] = [];
  let parentId = place.parentId;
  while (parentId !== null) {
    const parent = findParentTrail(nodes, parentId);
    if (!parent) break;
    trail.unshift(parent.node.Name);
    parentId = parent.parentId;
  }
  return [...trail, name];
}

function findParentTrail(
  nodes: readonly MenuNode[],
  id: number,
  parentId: number | null = null,
): { node: MenuNode; parentId: number | null } | null {
  for (const node of nodes) {
    if (node.Id === id) return { node, parentId };
    const found = findParentTrail(node.children, id, node.Id);
    if (found) return found;
  }
  return null;
}
