import { useSortable } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Box, Group, Text, TextInput } from '@mantine/core';
import type { ControlNode } from '#metadata';
import { isContainerControl } from '#platform/core';
import { controlLabel } from './control-labels';
import { useDesigner } from './designer-context';
import { GripIcon, TrashIcon } from './designer-icons';
import { useDragState } from './drag-state';
import { useTranslate } from './use-translate';

/**
 * One control: a handle to drag it, its name (a container's title is edited in place), and
 * (`children`) the list of what a container holds.
 */
export function ControlItem({ node, children }: { node: ControlNode; children?: ReactNode }) {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useDesigner();
  const { activeId, drop } = useDragState();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useSortable({
    id: node.Id,
    disabled: readOnly,
    attributes: { roleDescription: t('DESIGNER.DRAG.ROLE') },
  });
  const label = controlLabel(node, state.fields, t);
  const type = t(`DESIGNER.CONTROL_TYPE.${node.Type}`);
  const titled = isContainerControl(node) && !('Key' in node);
  const over = drop?.overId === node.Id && activeId !== node.Id ? drop : null;
  const marker = `3px solid var(--mantine-color-${over?.allowed ? 'blue-6' : 'red-6'})`;
  const errors = state.serverErrors.controls[node.Id] ?? [];

  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{
        opacity: isDragging ? 0.5 : 1,
        borderTop: over?.placement === 'before' ? marker : '3px solid transparent',
        borderBottom: over?.placement === 'after' ? marker : undefined,
        cursor: over && !over.allowed ? 'not-allowed' : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap" py={2}>
        {!readOnly && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={t('DESIGNER.CONTROL.MOVE', { control: label })}
          >
            <GripIcon />
          </ActionIcon>
        )}
        {titled ? (
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={t('DESIGNER.CONTROL.TITLE_OF', { control: label })}
            placeholder={t('DESIGNER.CONTROL.TITLE_PLACEHOLDER', { type })}
            value={node.Title ?? ''}
            onChange={(event) =>
              dispatch({ type: 'titleControl', id: node.Id, title: event.currentTarget.value })
            }
            readOnly={readOnly}
          />
        ) : (
          <Text size="sm" style={{ flex: 1 }}>
            {label}
          </Text>
        )}
        <Badge size="xs" variant="outline">
          {type}
        </Badge>
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t(
              titled ? 'DESIGNER.CONTROL.REMOVE_CONTAINER' : 'DESIGNER.CONTROL.REMOVE',
              {
                control: label,
              },
            )}
            onClick={() => dispatch({ type: 'removeControl', id: node.Id })}
          >
            <TrashIcon />
          </ActionIcon>
        )}
      </Group>
      {errors.map((text) => (
        <Text key={text} size="xs" c="red">
          {text}
        </Text>
      ))}
      {children}
    </Box>
  );
}
