import {
  type Active,
  DndContext,
  type DragMoveEvent,
  KeyboardSensor,
  MeasuringStrategy,
  type Over,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { placementOf, treeCollisions, treeKeyboardCoordinates } from '../data-source/control-dnd';
import { PlusIcon } from '../data-source/designer-icons';
import type { Placement } from '../data-source/drop-slots';
import { useTranslate } from '../data-source/use-translate';
import { menuAnnouncements } from './menu-announcements';
import { type MenuDragState, MenuDragStateContext } from './menu-drag-state';
import { useMenuEditor } from './menu-editor-context';
import { findMenuNode } from './menu-nodes';
import { dropSlots, dropTarget, itemOfDndId, mayNestInto, staysPut } from './menu-slots';
import { MenuTreeList } from './menu-tree-list';

/**
 * The menu's items as a tree, dragged with the pointer or the keyboard (Space picks up, the
 * arrow keys move through the places it may go, into and out of other items, Space drops,
 * Escape cancels), each step announced in words.
 */
export function MenuTree({ headingId }: { headingId: string }) {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useMenuEditor();
  const [activeId, setActiveId] = useState<number | null>(null);
  const [drop, setDrop] = useState<MenuDragState['drop']>(null);
  const placement = useRef<Placement>('before');
  const nodes = useRef(state.nodes);
  useEffect(() => {
    nodes.current = state.nodes;
  }, [state.nodes]);

  const coordinateGetter = useMemo(
    () => treeKeyboardCoordinates((dndId) => dropSlots(nodes.current, itemOfDndId(dndId) ?? 0)),
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const announcements = useMemo(
    () => menuAnnouncements({ nodes: state.nodes, t, placement: () => placement.current }),
    [state.nodes, t],
  );
  const dragState = useMemo<MenuDragState>(
    () => ({
      activeId,
      drop,
      refused: (parentId) => activeId !== null && !mayNestInto(state.nodes, activeId, parentId),
    }),
    [activeId, drop, state.nodes],
  );

  // An item without children takes a drop after it on its lower half; one with children
  // takes its children's places there.
  const isLeaf = (dndId: string) => {
    const id = itemOfDndId(dndId);
    return id !== undefined && findMenuNode(state.nodes, id)?.children.length === 0;
  };
  const track = (event: Pick<DragMoveEvent, 'active' | 'activatorEvent' | 'delta' | 'over'>) => {
    const next = placementOf(event, isLeaf);
    placement.current = next;
    const overId = event.over ? String(event.over.id) : null;
    if (overId === drop?.overId && next === drop.placement) return;
    if (overId === null) return setDrop(null);
    const active = itemOfDndId(String(event.active.id)) ?? 0;
    const allowed = dropTarget(state.nodes, active, overId, next) !== null;
    setDrop({ overId, placement: next, allowed });
  };
  const finish = () => {
    setActiveId(null);
    setDrop(null);
  };
  const end = ({ active, over }: { active: Active; over: Over | null }) => {
    finish();
    const id = itemOfDndId(String(active.id));
    if (!over || id === undefined) return;
    const target = dropTarget(state.nodes, id, String(over.id), placement.current);
    if (target && !staysPut(state.nodes, id, target)) dispatch({ type: 'move', id, ...target });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} id={headingId}>
          {t('MENU_EDITOR.ITEMS')}
        </Title>
        {!readOnly && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<PlusIcon size={14} />}
            onClick={() =>
              dispatch({ type: 'add', parentId: null, name: t('MENU_EDITOR.NEW_NAME') })
            }
          >
            {t('MENU_EDITOR.ADD')}
          </Button>
        )}
      </Group>
      {state.nodes.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('MENU_EDITOR.EMPTY')}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={treeCollisions}
        // A drag opens the places inside every item and the layout grows: the places are
        // measured as drawn, not as they were when the drag started.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('MENU_EDITOR.DRAG.INSTRUCTIONS') },
        }}
        onDragStart={({ active }) => {
          placement.current = 'before';
          setActiveId(itemOfDndId(String(active.id)) ?? null);
        }}
        onDragMove={track}
        onDragOver={track}
        onDragEnd={end}
        onDragCancel={finish}
      >
        <MenuDragStateContext.Provider value={dragState}>
          <MenuTreeList
            parentId={null}
            parentName=""
            items={state.nodes}
            label={t('MENU_EDITOR.TOP_LEVEL')}
          />
        </MenuDragStateContext.Provider>
      </DndContext>
    </Stack>
  );
}
