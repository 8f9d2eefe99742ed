import { useDroppable } from '@dnd-kit/core';
import { SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ControlNode } from '#metadata';
import { type ContainerNode, isContainerControl } from '#platform/core';
import { controlLabel } from './control-labels';
import { ControlItem } from './control-item';
import { useDesigner } from './designer-context';
import { useDragState } from './drag-state';
import { endZoneId } from './drop-slots';
import { useTranslate } from './use-translate';

/** Items keep their place while dragging: a marker shows where the drop would go. */
const keepInPlace: SortingStrategy = () => null;

/** The droppable at the end of a list: the way into an empty container, or to its end. */
function EndZone({
  containerId,
  empty,
  name,
}: {
  containerId: string | null;
  empty: boolean;
  name: string;
}) {
  const { t } = useTranslation();
  const { readOnly } = useDesigner();
  const { activeId, refused } = useDragState();
  const dragging = activeId !== null;
  const refusing = dragging && refused(containerId);
  // A refused place still takes the pointer, to show that it refuses; the drop does nothing.
  const { setNodeRef, isOver } = useDroppable({ id: endZoneId(containerId), disabled: readOnly });
  const color = refusing
    ? 'var(--mantine-color-red-5)'
    : isOver
      ? 'var(--mantine-color-blue-6)'
      : 'var(--mantine-color-default-border)';
  const text = refusing
    ? t('DESIGNER.CONTROLS.REFUSED')
    : dragging
      ? t('DESIGNER.CONTROLS.END_OF', { container: name })
      : empty
        ? t('DESIGNER.CONTROLS.EMPTY')
        : '';
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-refused={refusing || undefined}
      mih={8}
      px={6}
      style={{
        borderRadius: 4,
        border: dragging || empty ? `1px dashed ${color}` : '1px solid transparent',
        background: isOver ? `var(--mantine-color-${refusing ? 'red' : 'blue'}-light)` : undefined,
        cursor: refusing ? 'not-allowed' : undefined,
      }}
    >
      {text && (
        <Text size="xs" c={refusing ? 'red' : 'dimmed'}>
          {text}
        </Text>
      )}
    </Box>
  );
}

/** What a container holds, named after it. */
function InnerList({ node }: { node: ContainerNode }) {
  const t = useTranslate();
  const { state } = useDesigner();
  const name = controlLabel(node, state.fields, t);
  return (
    <ControlList
      containerId={node.Id}
      items={node.Children}
      name={name}
      label={t('DESIGNER.CONTROLS.INSIDE', { control: name })}
    />
  );
}

interface ControlListProps {
  containerId: string | null;
  items: readonly ControlNode[];
  /** The container's name ("the form", "section Site"), for the list's label and end zone. */
  name: string;
  label: string;
}

/** One container's controls, sortable, with the end zone after them. */
export function ControlList({ containerId, items, name, label }: ControlListProps) {
  const { activeId, refused } = useDragState();
  const refusing = activeId !== null && refused(containerId);
  return (
    <SortableContext
      id={`list-of:${containerId ?? ''}`}
      items={items.map((node) => node.Id)}
      strategy={keepInPlace}
    >
      <Box
        component="ul"
        aria-label={label}
        m={0}
        pl={containerId === null ? 0 : 'md'}
        style={{ listStyle: 'none', opacity: refusing ? 0.6 : 1 }}
      >
        {items.map((node) => (
          <ControlItem key={node.Id} node={node}>
            {isContainerControl(node) && <InnerList node={node} />}
          </ControlItem>
        ))}
        <EndZone containerId={containerId} empty={items.length === 0} name={name} />
      </Box>
    </SortableContext>
  );
}
