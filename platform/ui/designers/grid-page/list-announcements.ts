import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import type { Translate } from '../data-source/control-labels';

/**
 * What a screen reader hears while an item of a list is dragged: which item, and the place it
 * would take or took (`Moving column Site: position 2 of 4.`), counted as the list shows it.
 */
export function listAnnouncements(
  ids: readonly string[],
  nameOf: (id: string) => string,
  t: Translate,
): Announcements {
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const describe = (
    activeId: UniqueIdentifier,
    overId: UniqueIdentifier | undefined,
    done: boolean,
  ) => {
    const item = name(activeId);
    const prefix = done ? 'GRID_DESIGNER.DRAG.DROPPED' : 'GRID_DESIGNER.DRAG.OVER';
    const position = overId === undefined ? -1 : ids.indexOf(String(overId));
    if (position < 0) return t(`${prefix}_NOWHERE`, { item });
    if (overId === activeId) return t(`${prefix}_HOME`, { item });
    return t(prefix, { item, position: position + 1, total: ids.length });
  };
  // A drag starts over its own item: that is said only when it comes back there.
  let wandered = false;
  return {
    onDragStart: ({ active }) => {
      wandered = false;
      return t('GRID_DESIGNER.DRAG.PICKED_UP', { item: name(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !wandered) return undefined;
      wandered = true;
      return describe(active.id, over?.id, false);
    },
    onDragEnd: ({ active, over }) => describe(active.id, over?.id, true),
    onDragCancel: ({ active }) => t('GRID_DESIGNER.DRAG.CANCELLED', { item: name(active.id) }),
  };
}
