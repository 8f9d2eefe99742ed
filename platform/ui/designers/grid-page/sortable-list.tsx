import {
  closestCenter,
  type CollisionDetection,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { treeKeyboardCoordinates } from '../data-source/control-dnd';
import { GripIcon } from '../data-source/designer-icons';
import { useTranslate } from '../data-source/use-translate';
import { listAnnouncements } from './list-announcements';

/**
 * Pointer: the item whose centre is nearest. Keyboard: the item whose corner the dragged one
 * was taken to (the coordinate getter moves it onto that corner exactly).
 */
const listCollisions: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return closestCenter(args);
  const { collisionRect, droppableRects, droppableContainers } = args;
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

function SortableItem({
  id,
  name,
  readOnly,
  children,
}: {
  id: string;
  name: string;
  readOnly: boolean;
  children(handle: ReactNode): ReactNode;
}) {
  const t = useTranslate();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id,
    disabled: readOnly,
    attributes: { roleDescription: t('GRID_DESIGNER.DRAG.ROLE') },
  });
  const handle = readOnly ? null : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
      aria-label={t('GRID_DESIGNER.DRAG.MOVE', { item: name })}
    >
      <GripIcon />
    </ActionIcon>
  );
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      {children(handle)}
    </Box>
  );
}

export interface SortableListProps<Item extends { uid: string }> {
  items: readonly Item[];
  /** The list's accessible name. */
  label: string;
  /** How announcements and the handle name an item (`column Site`). */
  nameOf(item: Item): string;
  readOnly: boolean;
  /** The item `uid` was dropped on `overUid`, whose place it takes. */
  onMove(uid: string, overUid: string): void;
  /** An item, with the handle that drags it (none when read-only). */
  children(item: Item, handle: ReactNode): ReactNode;
}

/**
 * A list reordered by dragging an item's handle with the pointer or the keyboard (Space picks
 * it up, the arrow keys move it through the list, Space drops it, Escape cancels), each step
 * announced in words.
 */
export function SortableList<Item extends { uid: string }>({
  items,
  label,
  nameOf,
  readOnly,
  onMove,
  children,
}: SortableListProps<Item>) {
  const t = useTranslate();
  const ids = useMemo(() => items.map((item) => item.uid), [items]);
  const current = useRef(ids);
  useEffect(() => {
    current.current = ids;
  }, [ids]);
  const coordinateGetter = useMemo(() => treeKeyboardCoordinates(() => current.current), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const announcements = useMemo(() => {
    const names = new Map(items.map((item) => [item.uid, nameOf(item)]));
    return listAnnouncements(ids, (id) => names.get(id) ?? id, t);
  }, [items, ids, nameOf, t]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={listCollisions}
      // Rows, fields and problems may appear while an item is dragged: places are measured as drawn.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('GRID_DESIGNER.DRAG.INSTRUCTIONS') },
      }}
      onDragEnd={({ active, over }) => {
        if (over && over.id !== active.id) onMove(String(active.id), String(over.id));
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack component="ul" gap="xs" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <SortableItem key={item.uid} id={item.uid} name={nameOf(item)} readOnly={readOnly}>
              {(handle) => children(item, handle)}
            </SortableItem>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
