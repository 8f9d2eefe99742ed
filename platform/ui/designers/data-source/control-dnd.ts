import {
  type ClientRect,
  type CollisionDetection,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
  pointerWithin,
} from '@dnd-kit/core';
import type { Placement } from './drop-slots';

/**
 * How the control tree drags. The keyboard walks the tree: the arrow keys take the dragged
 * control to the previous or next place it may go (`dropSlots`), in page order, into and out
 * of containers, and never to a refused one; geometry only says where that place is drawn.
 * (dnd-kit's `sortableKeyboardCoordinates` picks the geometrically nearest droppable, which in
 * nested lists skips places and may never reach an empty container.)
 */

/** A keyboard coordinate getter walking the places `slotsOf(activeId)` lists, in order. */
export function treeKeyboardCoordinates(
  slotsOf: (activeId: string) => readonly string[],
): KeyboardCoordinateGetter {
  return (event, { active, context }) => {
    const step = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
    if (event.code.startsWith('Arrow')) event.preventDefault();
    if (step === 0) return undefined;
    const slots = slotsOf(String(active));
    const current = Math.max(0, slots.indexOf(String(context.over?.id ?? active)));
    const next = slots[current + step];
    const rect = next === undefined ? undefined : context.droppableRects.get(next);
    return rect ? { x: rect.left, y: rect.top } : undefined;
  };
}

const area = (rect: ClientRect | undefined) => (rect ? rect.width * rect.height : Infinity);

/**
 * Keyboard: the droppable whose corner the dragged control was taken to (the getter above
 * moves it onto that corner exactly). Pointer: the innermost droppable under the pointer, so
 * that a control inside a section wins over the section; none when the pointer is outside.
 */
export const treeCollisions: CollisionDetection = (args) => {
  const { collisionRect, droppableRects, droppableContainers, pointerCoordinates } = args;
  if (pointerCoordinates) {
    return pointerWithin(args).sort(
      (a, b) => area(droppableRects.get(a.id)) - area(droppableRects.get(b.id)),
    );
  }
  const distance = (id: string | number) => {
    const rect = droppableRects.get(id);
    return rect
      ? Math.hypot(rect.left - collisionRect.left, rect.top - collisionRect.top)
      : Infinity;
  };
  return droppableContainers
    .map((container) => ({ id: container.id, distance: distance(container.id) }))
    .filter((entry) => entry.distance !== Infinity)
    .sort((a, b) => a.distance - b.distance)
    .map(({ id }) => ({ id }));
};

/**
 * The side of the control under the pointer a drop takes: after it when the pointer is on the
 * lower half of a field control; otherwise (containers, end zones, the keyboard) before it.
 */
export function placementOf(
  { activatorEvent, delta, over }: Pick<DragMoveEvent, 'activatorEvent' | 'delta' | 'over'>,
  isFieldControl: (id: string) => boolean,
): Placement {
  if (!over || !('clientY' in activatorEvent) || !isFieldControl(String(over.id))) return 'before';
  const y = (activatorEvent as MouseEvent).clientY + delta.y;
  return y > over.rect.top + over.rect.height / 2 ? 'after' : 'before';
}
