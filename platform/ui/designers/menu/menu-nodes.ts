import type { MenuItem, MenuSaveItem } from '#metadata';

/**
 * The menu as the editor holds it: a tree, each item with its children in menu order. A new
 * item has a negative temporary Id until the server gives it a real one.
 */
export interface MenuNode {
  Id: number;
  Name: string;
  Url: string | null;
  IsNew: boolean;
  /** The Order it was loaded with (null: new), kept on save while its list keeps its order. */
  loadedOrder: number | null;
  children: MenuNode[];
}

/** Where an item sits: its parent (null: the top level) and its index there. */
export interface MenuPlace {
  parentId: number | null;
  index: number;
}

const byOrder = (a: MenuItem, b: MenuItem) => a.Order - b.Order || a.Id - b.Id;

/** The tree of flat items; an item whose parent is missing (or loops) goes to the top level. */
export function menuTreeOf(items: readonly MenuItem[]): MenuNode[] {
  const ids = new Set(items.map((item) => item.Id));
  const childrenOf = new Map<number | null, MenuItem[]>();
  for (const item of items) {
    const parent = item.ParentId !== null && ids.has(item.ParentId) ? item.ParentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), item]);
  }
  const placed = new Set<number>();
  const build = (parent: number | null): MenuNode[] =>
    [...(childrenOf.get(parent) ?? [])].sort(byOrder).flatMap((item) => {
      if (placed.has(item.Id)) return [];
      placed.add(item.Id);
      return [
        {
          Id: item.Id,
          Name: item.Name,
          Url: item.Url,
          IsNew: false,
          loadedOrder: item.Order,
          children: build(item.Id),
        },
      ];
    });
  const tree = build(null);
  // Items in a loop of parents reach no top-level item: they are shown at the top level.
  const lost = items
    .filter((item) => !placed.has(item.Id))
    .map((item) => ({ ...item, ParentId: null }));
  return lost.length === 0 ? tree : [...tree, ...menuTreeOf(lost)];
}

/** A list's Orders: as loaded while they still run in the list's order, else 1, 2, 3... */
function ordersOf(list: readonly MenuNode[]): number[] {
  const loaded = list.map((node) => node.loadedOrder);
  const kept = loaded.every(
    (order, index): boolean => order !== null && (index === 0 || order > loaded[index - 1]!),
  );
  return kept ? (loaded as number[]) : list.map((_node, index) => index + 1);
}

/** The save body's items: parents before children, each naming its parent. */
export function menuItemsOf(nodes: readonly MenuNode[]): MenuSaveItem[] {
  const items: MenuSaveItem[] = [];
  const visit = (list: readonly MenuNode[], parentId: number | null) => {
    const orders = ordersOf(list);
    list.forEach((node, index) => {
      items.push({
        Id: node.Id,
        Name: node.Name,
        Url: node.Url,
        ParentId: parentId,
        Order: orders[index]!,
        IsNew: node.IsNew,
      });
      visit(node.children, node.Id);
    });
  };
  visit(nodes, null);
  return items;
}

/** Every item of the tree, in page order, with its parent and level (1: top level). */
export function* walkMenu(
  nodes: readonly MenuNode[],
  parentId: number | null = null,
  level = 1,
): Generator<{ node: MenuNode; parentId: number | null; level: number }> {
  for (const node of nodes) {
    yield { node, parentId, level };
    yield* walkMenu(node.children, node.Id, level + 1);
  }
}

export function findMenuNode(nodes: readonly MenuNode[], id: number): MenuNode | undefined {
  for (const { node } of walkMenu(nodes)) if (node.Id === id) return node;
  return undefined;
}

/** The list holding the children of `parentId` (null: the top level). */
export function childrenIn(nodes: readonly MenuNode[], parentId: number | null): MenuNode[] {
  return parentId === null ? [...nodes] : [...(findMenuNode(nodes, parentId)?.children ?? [])];
}

export function placeOf(nodes: readonly MenuNode[], id: number): MenuPlace | null {
  for (const { node, parentId } of walkMenu(nodes)) {
    if (node.Id === id) {
      const index = childrenIn(nodes, parentId).findIndex((sibling) => sibling.Id === id);
      return { parentId, index };
    }
  }
  return null;
}

/** The level an item sits at (1: top level), or 0 when it is not in the tree. */
export function levelOf(nodes: readonly MenuNode[], id: number): number {
  for (const { node, level } of walkMenu(nodes)) if (node.Id === id) return level;
  return 0;
}

/** How many levels an item and what it holds take (1: no children). */
export function heightOf(node: MenuNode): number {
  return 1 + Math.max(0, ...node.children.map(heightOf));
}

/** How many items an item holds, at any depth. */
export function countInside(node: MenuNode): number {
  return [...walkMenu(node.children)].length;
}

/** Whether `id` is `ancestorId` or lies inside it. */
export function isWithin(nodes: readonly MenuNode[], id: number, ancestorId: number): boolean {
  const ancestor = findMenuNode(nodes, ancestorId);
  return ancestor !== undefined && [...walkMenu([ancestor])].some(({ node }) => node.Id === id);
}

function mapList(
  nodes: readonly MenuNode[],
  parentId: number | null,
  change: (list: MenuNode[]) => MenuNode[],
): MenuNode[] {
  if (parentId === null) return change([...nodes]);
  return nodes.map((node) =>
    node.Id === parentId
      ? { ...node, children: change([...node.children]) }
      : { ...node, children: mapList(node.children, parentId, change) },
  );
}

export function removeMenuNode(nodes: readonly MenuNode[], id: number): MenuNode[] {
  return nodes
    .filter((node) => node.Id !== id)
    .map((node) => ({ ...node, children: removeMenuNode(node.children, id) }));
}

export function insertMenuNode(
  nodes: readonly MenuNode[],
  place: MenuPlace,
  node: MenuNode,
): MenuNode[] {
  return mapList(nodes, place.parentId, (list) => {
    list.splice(place.index, 0, node);
    return list;
  });
}

/** Moves an item with what it holds; `place.index` counts its new list without it. */
export function moveMenuNode(nodes: readonly MenuNode[], id: number, place: MenuPlace): MenuNode[] {
  const node = findMenuNode(nodes, id);
  if (!node) return [...nodes];
  return insertMenuNode(removeMenuNode(nodes, id), place, node);
}

export function updateMenuNode(
  nodes: readonly MenuNode[],
  id: number,
  change: Partial<Pick<MenuNode, 'Name' | 'Url'>>,
): MenuNode[] {
  return nodes.map((node) =>
    node.Id === id
      ? { ...node, ...change }
      : { ...node, children: updateMenuNode(node.children, id, change) },
  );
}
