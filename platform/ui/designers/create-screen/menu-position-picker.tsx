import { Box, Radio, ScrollArea, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslate } from '../data-source/use-translate';
import { type MenuNode, walkMenu } from '../menu/menu-nodes';
import { canGoInside, type MenuPosition, type MenuRelation, pathOfNewItem } from './menu-position';

const end = 'end';

interface PickerProps {
  nodes: readonly MenuNode[];
  position: MenuPosition;
  name: string;
  onChange(position: MenuPosition): void;
}

/**
 * Where the new item goes in the menu: an item of the tree (or the end of the main menu), then
 * before it, after it or inside it; the path the item will have is said below.
 */
export function MenuPositionPicker({ nodes, position, name, onChange }: PickerProps) {
  const t = useTranslate();
  const labelId = useId();
  const items = [...walkMenu(nodes)];
  const anchor = position.anchorId;
  const insideAllowed = anchor !== null && canGoInside(nodes, anchor);
  const relations: { value: MenuRelation; label: string; disabled?: boolean }[] = [
    { value: 'inside', label: t('CREATE_SCREEN.INSIDE'), disabled: !insideAllowed },
    { value: 'before', label: t('CREATE_SCREEN.BEFORE') },
    { value: 'after', label: t('CREATE_SCREEN.AFTER') },
  ];
  const pick = (value: string) => {
    if (value === end) return onChange({ anchorId: null, relation: 'inside' });
    const id = Number(value);
    // An item holding others takes the screen inside (at its end); any other, after it.
    const holds = (items.find((entry) => entry.node.Id === id)?.node.children.length ?? 0) > 0;
    onChange({ anchorId: id, relation: holds && canGoInside(nodes, id) ? 'inside' : 'after' });
  };
  const path = pathOfNewItem(nodes, position, name);
  return (
    <Stack gap="sm">
      <Radio.Group
        value={anchor === null ? end : String(anchor)}
        onChange={pick}
        label={t('CREATE_SCREEN.MENU_ITEM_PICK')}
        description={t('CREATE_SCREEN.MENU_ITEM_PICK_HELP')}
        id={labelId}
      >
        <ScrollArea.Autosize mah={280} type="auto" mt="xs">
          <Stack gap={6} pr="sm">
            {items.map(({ node, level }) => (
              <Box key={node.Id} pl={(level - 1) * 20}>
                <Radio value={String(node.Id)} label={t(node.Name)} />
              </Box>
            ))}
            <Radio value={end} label={t('CREATE_SCREEN.END_OF_MENU')} />
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
      {anchor !== null && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${labelId}-where`}>
            {t('CREATE_SCREEN.WHERE', {
              item: t(items.find((i) => i.node.Id === anchor)?.node.Name ?? ''),
            })}
          </Text>
          <SegmentedControl
            aria-labelledby={`${labelId}-where`}
            value={position.relation}
            data={relations}
            onChange={(value) => onChange({ anchorId: anchor, relation: value as MenuRelation })}
          />
        </Stack>
      )}
      {path && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('CREATE_SCREEN.PATH', { path: path.map((part) => t(part)).join(' › ') })}
        </Text>
      )}
    </Stack>
  );
}
