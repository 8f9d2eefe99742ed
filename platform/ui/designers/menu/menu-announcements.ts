import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import type { Translate } from '../data-source/control-labels';
import type { Placement } from '../data-source/drop-slots';
import { childrenIn, findMenuNode, type MenuNode } from './menu-nodes';
import { dropTarget, itemOfDndId, staysPut } from './menu-slots';

/** An item's name as the tree shows it (an item not named yet says so). */
export function itemName(node: MenuNode | undefined, t: Translate): string {
  return node?.Name.trim() || t('MENU_EDITOR.ITEM.UNNAMED');
}

interface AnnouncementSource {
  nodes: readonly MenuNode[];
  t: Translate;
  /** Where on the item under the pointer the drop would be (keyboard: always before). */
  placement: () => Placement;
}

/**
 * What a screen reader hears while a menu item is dragged: which item, and where it would go
 * or went, in words (`Users would go into Administration, at position 2 of 9.`).
 */
export function menuAnnouncements({ nodes, t, placement }: AnnouncementSource): Announcements {
  const nameOf = (dndId: UniqueIdentifier) => {
    const id = itemOfDndId(String(dndId));
    return itemName(id === undefined ? undefined : findMenuNode(nodes, id), t);
  };
  const describe = (
    activeDndId: UniqueIdentifier,
    overId: UniqueIdentifier | undefined,
    done: boolean,
  ) => {
    const item = nameOf(activeDndId);
    const prefix = done ? 'MENU_EDITOR.DRAG.DROPPED' : 'MENU_EDITOR.DRAG.OVER';
    const activeId = itemOfDndId(String(activeDndId));
    if (overId === undefined || activeId === undefined) return t(`${prefix}_NOWHERE`, { item });
    const target = dropTarget(nodes, activeId, String(overId), placement());
    if (!target) return t(`${prefix}_REFUSED`, { item });
    if (staysPut(nodes, activeId, target)) return t(`${prefix}_HOME`, { item });
    const others = childrenIn(nodes, target.parentId).filter((node) => node.Id !== activeId);
    const position = { position: target.index + 1, total: others.length + 1 };
    if (target.parentId === null) return t(`${prefix}_TOP`, { item, ...position });
    const parent = itemName(findMenuNode(nodes, target.parentId), t);
    return t(`${prefix}_INTO`, { item, parent, ...position });
  };
  // A drag starts over its own item: that is said only when it comes back there.
  let wandered = false;
  return {
    onDragStart: ({ active }) => {
      wandered = false;
      return t('MENU_EDITOR.DRAG.PICKED_UP', { item: nameOf(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !wandered) return undefined;
      wandered = true;
      return describe(active.id, over?.id, false);
    },
    onDragEnd: ({ active, over }) => describe(active.id, over?.id, true),
    onDragCancel: ({ active }) => t('MENU_EDITOR.DRAG.CANCELLED', { item: nameOf(active.id) }),
  };
}
