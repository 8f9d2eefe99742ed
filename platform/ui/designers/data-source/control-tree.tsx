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
import { containerControlTypes } from '#metadata';
import { canDropInto } from '#platform/core';
import { controlAnnouncements } from './control-announcements';
import { placementOf, treeCollisions, treeKeyboardCoordinates } from './control-dnd';
import { findControl } from './control-edits';
import { unshownFields } from './control-fields';
import { fieldLabel } from './control-labels';
import { ControlList } from './control-list';
import { useDesigner } from './designer-context';
import { PlusIcon } from './designer-icons';
import { type DragState, DragStateContext } from './drag-state';
import { dropSlots, dropTarget, type Placement, staysPut } from './drop-slots';
import { useTranslate } from './use-translate';

const addLabels = {
  section: 'DESIGNER.CONTROLS.ADD_SECTION',
  fieldset: 'DESIGNER.CONTROLS.ADD_FIELDSET',
  tab: 'DESIGNER.CONTROLS.ADD_TAB',
  actions: 'DESIGNER.CONTROLS.ADD_ACTIONS',
} as const satisfies Record<(typeof containerControlTypes)[number], string>;

function UnshownFields() {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useDesigner();
  const missing = unshownFields(state.controls, state.fields);
  if (readOnly || missing.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('DESIGNER.CONTROLS.UNSHOWN')}
      </Text>
      <Group gap="xs">
        {missing.map(({ key, field }) => (
          <Button
            key={key}
            size="compact-xs"
            variant="light"
            leftSection={<PlusIcon size={12} />}
            aria-label={t('DESIGNER.CONTROLS.SHOW_FIELD', { field: fieldLabel(field) })}
            onClick={() => dispatch({ type: 'showField', key })}
          >
            {fieldLabel(field)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The form's layout: controls in containers, dragged with the pointer or the keyboard (Space
 * picks up, the arrow keys move through the places it may go, Space drops, Escape cancels),
 * each step announced.
 */
export function ControlTree({ headingId }: { headingId: string }) {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useDesigner();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [drop, setDrop] = useState<DragState['drop']>(null);
  const placement = useRef<Placement>('before');
  const controls = useRef(state.controls);
  useEffect(() => {
    controls.current = state.controls;
  }, [state.controls]);

  const coordinateGetter = useMemo(
    () => treeKeyboardCoordinates((id) => dropSlots(controls.current, id)),
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const announcements = useMemo(
    () =>
      controlAnnouncements({
        controls: state.controls,
        fields: state.fields,
        t,
        placement: () => placement.current,
      }),
    [state.controls, state.fields, t],
  );
  const dragState = useMemo<DragState>(
    () => ({
      activeId,
      drop,
      refused: (containerId) =>
        activeId !== null && !canDropInto(state.controls, activeId, containerId),
    }),
    [activeId, drop, state.controls],
  );

  const isField = (id: string) => findControl(state.controls, id)?.Type === 'field';
  const track = (event: Pick<DragMoveEvent, 'active' | 'activatorEvent' | 'delta' | 'over'>) => {
    const next = placementOf(event, isField);
    placement.current = next;
    const overId = event.over ? String(event.over.id) : null;
    if (overId === drop?.overId && next === drop.placement) return;
    if (overId === null) return setDrop(null);
    const allowed = dropTarget(state.controls, String(event.active.id), overId, next) !== null;
    setDrop({ overId, placement: next, allowed });
  };
  const finish = () => {
    setActiveId(null);
    setDrop(null);
  };
  const end = ({ active, over }: { active: Active; over: Over | null }) => {
    finish();
    if (!over) return;
    const id = String(active.id);
    const target = dropTarget(state.controls, id, String(over.id), placement.current);
    if (target && !staysPut(state.controls, id, target))
      dispatch({ type: 'moveControl', id, ...target });
  };

  return (
    <Stack gap="sm">
      <Title order={3} id={headingId}>
        {t('DESIGNER.CONTROLS')}
      </Title>
      {!readOnly && (
        <Group gap="xs">
          {containerControlTypes.map((type) => (
            <Button
              key={type}
              size="compact-xs"
              variant="light"
              leftSection={<PlusIcon size={12} />}
              onClick={() => dispatch({ type: 'addContainer', controlType: type })}
            >
              {t(addLabels[type])}
            </Button>
          ))}
        </Group>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={treeCollisions}
        // A drag opens every end zone and the layout grows: the places are measured as drawn,
        // not as they were when the drag started, or the pointer would drop somewhere else.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('DESIGNER.DRAG.INSTRUCTIONS') },
        }}
        onDragStart={({ active }) => {
          placement.current = 'before';
          setActiveId(String(active.id));
        }}
        onDragMove={track}
        onDragOver={track}
        onDragEnd={end}
        onDragCancel={finish}
      >
        <DragStateContext.Provider value={dragState}>
          <ControlList
            containerId={null}
            items={state.controls}
            name={t('DESIGNER.CONTROL.THE_FORM')}
            label={t('DESIGNER.CONTROLS.LIST')}
          />
        </DragStateContext.Provider>
      </DndContext>
      <UnshownFields />
    </Stack>
  );
}
