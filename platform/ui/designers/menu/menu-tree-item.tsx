import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon, Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { keptMenuIds, menuDepthLimit } from '#metadata';
import { dialogs } from '../../dialogs';
import { GripIcon, PlusIcon, TrashIcon } from '../data-source/designer-icons';
import { useTranslate } from '../data-source/use-translate';
import { itemName } from './menu-announcements';
import { useMenuDragState } from './menu-drag-state';
import { useMenuEditor } from './menu-editor-context';
import { countInside, levelOf, type MenuNode } from './menu-nodes';
import { holdsAny, itemDndId } from './menu-slots';

/**
 * One menu item: a handle to drag it, its name and address (choosing it opens its editor),
 * its flags, buttons to add an item inside it and to remove it, and (`children`) the list of
 * the items it holds.
 */
export function MenuTreeItem({ node, children }: { node: MenuNode; children?: ReactNode }) {
  const t = useTranslate();
  const { state, dispatch, readOnly, problems } = useMenuEditor();
  const { activeId, drop } = useMenuDragState();
  const dndId = itemDndId(node.Id);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useSortable({
    id: dndId,
    disabled: readOnly,
    attributes: { roleDescription: t('MENU_EDITOR.DRAG.ROLE') },
  });
  const name = itemName(node, t);
  const selected = state.selected === node.Id;
  const faulty =
    (problems.get(node.Id)?.length ?? 0) > 0 || (state.serverErrors[node.Id]?.length ?? 0) > 0;
  const over = drop?.overId === dndId && activeId !== node.Id ? drop : null;
  const marker = `3px solid var(--mantine-color-${over?.allowed ? 'blue-6' : 'red-6'})`;
  const canHold = levelOf(state.nodes, node.Id) < menuDepthLimit;

  const remove = async () => {
    if (holdsAny(node, keptMenuIds)) {
      await dialogs.warning(t('MENU_EDITOR.SPECIAL_KEPT', { item: name }));
      return;
    }
    const count = countInside(node);
    const text =
      count > 0
        ? t('MENU_EDITOR.REMOVE_CONFIRM_INSIDE', { item: name, count })
        : t('MENU_EDITOR.REMOVE_CONFIRM', { item: name });
    if (await dialogs.confirm(text, { okLabel: t('MENU_EDITOR.REMOVE_OK') })) {
      dispatch({ type: 'remove', id: node.Id });
    }
  };

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
      <Group gap={4} wrap="nowrap">
        {!readOnly && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={t('MENU_EDITOR.ITEM.MOVE', { item: name })}
          >
            <GripIcon />
          </ActionIcon>
        )}
        {/* The button's name holds its visible text: the address and marks are beside it. */}
        <UnstyledButton
          onClick={() => dispatch({ type: 'select', id: node.Id })}
          aria-label={t('MENU_EDITOR.ITEM.EDIT', { item: name })}
          aria-current={selected || undefined}
          px={6}
          py={2}
          style={{ borderRadius: 4, minWidth: 0 }}
          bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
        >
          <Text size="sm" fw={500} c={node.Name.trim() ? undefined : 'dimmed'} truncate>
            {name}
          </Text>
        </UnstyledButton>
        <Group gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" truncate>
            {node.Url ?? t('MENU_EDITOR.ITEM.NO_URL')}
          </Text>
          {node.IsNew && (
            <Badge size="xs" color="green">
              {t('MENU_EDITOR.ITEM.NEW')}
            </Badge>
          )}
          {keptMenuIds.includes(node.Id) && (
            <Badge size="xs" variant="outline">
              {t('MENU_EDITOR.ITEM.SPECIAL')}
            </Badge>
          )}
          {faulty && (
            <Text size="xs" c="red">
              {t('MENU_EDITOR.ITEM.FAULTY')}
            </Text>
          )}
        </Group>
        {!readOnly && canHold && (
          <ActionIcon
            variant="subtle"
            aria-label={t('MENU_EDITOR.ITEM.ADD_INSIDE', { item: name })}
            onClick={() =>
              dispatch({ type: 'add', parentId: node.Id, name: t('MENU_EDITOR.NEW_NAME') })
            }
          >
            <PlusIcon />
          </ActionIcon>
        )}
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('MENU_EDITOR.ITEM.REMOVE', { item: name })}
            onClick={() => void remove()}
          >
            <TrashIcon />
          </ActionIcon>
        )}
      </Group>
      {children}
    </Box>
  );
}
