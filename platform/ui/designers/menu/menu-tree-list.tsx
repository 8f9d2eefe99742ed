import { useDroppable } from '@dnd-kit/core';
import { SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import { Box, Text } from '@mantine/core';
import { useTranslate } from '../data-source/use-translate';
import { itemName } from './menu-announcements';
import { useMenuDragState } from './menu-drag-state';
import { useMenuEditor } from './menu-editor-context';
import type { MenuNode } from './menu-nodes';
import { endZoneId, itemDndId } from './menu-slots';
import { MenuTreeItem } from './menu-tree-item';

/** Items keep their place while dragging: a marker shows where the drop would go. */
const keepInPlace: SortingStrategy = () => null;

/** The droppable after a list: the way to nest an item under another, or to put it last. */
function EndZone({ parentId, parentName }: { parentId: number | null; parentName: string }) {
  const t = useTranslate();
  const { readOnly } = useMenuEditor();
  const { activeId, refused } = useMenuDragState();
  const dragging = activeId !== null;
  const refusing = dragging && refused(parentId);
  const { setNodeRef, isOver } = useDroppable({ id: endZoneId(parentId), disabled: readOnly });
  const color = refusing
    ? 'var(--mantine-color-red-5)'
    : isOver
      ? 'var(--mantine-color-blue-6)'
      : 'var(--mantine-color-default-border)';
  const text = !dragging
    ? ''
    : refusing
      ? t('MENU_EDITOR.REFUSED')
      : parentId === null
        ? t('MENU_EDITOR.END_OF_TOP')
        : t('MENU_EDITOR.END_OF', { item: parentName });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-refused={refusing || undefined}
      aria-hidden={!dragging || undefined}
      mih={dragging ? 8 : 0}
      px={6}
      style={{
        borderRadius: 4,
        border: dragging ? `1px dashed ${color}` : 'none',
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

/** The items inside an item, named after it. */
function InnerList({ node }: { node: MenuNode }) {
  const t = useTranslate();
  const name = itemName(node, t);
  return (
    <MenuTreeList
      parentId={node.Id}
      parentName={name}
      items={node.children}
      label={t('MENU_EDITOR.INSIDE', { item: name })}
    />
  );
}

interface MenuTreeListProps {
  parentId: number | null;
  /** The parent's name, for the end zone. */
  parentName: string;
  items: readonly MenuNode[];
  label: string;
}

/** One level of the menu: its items, sortable, with the end zone after them. */
export function MenuTreeList({ parentId, parentName, items, label }: MenuTreeListProps) {
  const { activeId, refused } = useMenuDragState();
  const refusing = activeId !== null && refused(parentId);
  return (
    <SortableContext
      id={`list-of:${parentId ?? ''}`}
      items={items.map((node) => itemDndId(node.Id))}
      strategy={keepInPlace}
    >
      <Box
        component="ul"
        aria-label={label}
        m={0}
        pl={parentId === null ? 0 : 'lg'}
        style={{ listStyle: 'none', opacity: refusing ? 0.6 : 1 }}
      >
        {items.map((node) => (
          <MenuTreeItem key={node.Id} node={node}>
            {(node.children.length > 0 || activeId !== null) && <InnerList node={node} />}
          </MenuTreeItem>
        ))}
        <EndZone parentId={parentId} parentName={parentName} />
      </Box>
    </SortableContext>
  );
}
