import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import type { ControlNode } from '#metadata';
import { childrenIn, findControl } from './control-edits';
import { containerLabel, controlLabel, type Translate } from './control-labels';
import { dropTarget, type Placement, staysPut } from './drop-slots';
import type { FieldNode } from './field-nodes';

interface AnnouncementSource {
  controls: readonly ControlNode[];
  fields: readonly FieldNode[];
  t: Translate;
  /** Where on the control under the pointer the drop would be (keyboard: always before). */
  placement: () => Placement;
}

/**
 * What a screen reader hears while a control is dragged: which control, and where it would go
 * or went, named as the tree shows it (`Reference would go into section Site, at position 1
 * of 2.`).
 */
export function controlAnnouncements(source: AnnouncementSource): Announcements {
  const { controls, fields, t } = source;
  const name = (id: UniqueIdentifier) => {
    const node = findControl(controls, String(id));
    return node ? controlLabel(node, fields, t) : String(id);
  };
  const describe = (
    activeId: UniqueIdentifier,
    overId: UniqueIdentifier | undefined,
    done: boolean,
  ) => {
    const control = name(activeId);
    const prefix = done ? 'DESIGNER.DRAG.DROPPED' : 'DESIGNER.DRAG.OVER';
    if (overId === undefined) return t(`${prefix}_NOWHERE`, { control });
    const target = dropTarget(controls, String(activeId), String(overId), source.placement());
    if (!target) return t(`${prefix}_REFUSED`, { control });
    if (staysPut(controls, String(activeId), target)) return t(`${prefix}_HOME`, { control });
    const others = childrenIn(controls, target.containerId).filter((node) => node.Id !== activeId);
    return t(prefix, {
      control,
      container: containerLabel(controls, target.containerId, fields, t),
      position: target.index + 1,
      total: others.length + 1,
    });
  };
  // A drag starts over its own control: that is said only when it comes back there.
  let wandered = false;
  return {
    onDragStart: ({ active }) => {
      wandered = false;
      return t('DESIGNER.DRAG.PICKED_UP', { control: name(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !wandered) return undefined;
      wandered = true;
      return describe(active.id, over?.id, false);
    },
    onDragEnd: ({ active, over }) => describe(active.id, over?.id, true),
    onDragCancel: ({ active }) => t('DESIGNER.DRAG.CANCELLED', { control: name(active.id) }),
  };
}
