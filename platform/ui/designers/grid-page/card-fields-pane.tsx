import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { maxCardFields } from '#metadata';
import { PlusIcon, TrashIcon } from '../data-source/designer-icons';
import { useTranslate } from '../data-source/use-translate';
import { useDesigner } from './designer-context';
import { SortableList } from './sortable-list';

interface CardField {
  uid: string;
  field: string;
  title: string;
}

/**
 * "Card on phones": which of the page's columns a phone shows of each row, as a card, in what
 * order (the first is the card's heading). Reordered like the columns, by pointer or keyboard.
 */
export function CardFieldsPane({ headingId }: { headingId: string }) {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useDesigner();
  const titleOf = useCallback(
    (field: string) => {
      const column = state.columns.find((candidate) => candidate.Field === field);
      return column?.Title.trim() ? t(column.Title) : field;
    },
    [state.columns, t],
  );
  const chosen = useMemo<CardField[]>(
    () =>
      state.cardFields
        .filter((field) => state.columns.some((column) => column.Field === field))
        .map((field) => ({ uid: `card:${field}`, field, title: titleOf(field) })),
    [state.cardFields, state.columns, titleOf],
  );
  const fields = chosen.map((item) => item.field);
  const set = (next: string[]) => dispatch({ type: 'cardFields', fields: next });
  const nameOf = useCallback(
    (item: CardField) => t('GRID_DESIGNER.CARD.NAME', { field: item.title }),
    [t],
  );
  const left = state.columns.filter((column) => !fields.includes(column.Field));
  const full = fields.length >= maxCardFields;

  return (
    <Stack gap="sm">
      <Title order={3} id={headingId}>
        {t('GRID_DESIGNER.CARD')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('GRID_DESIGNER.CARD.HELP', { count: maxCardFields })}
      </Text>
      {chosen.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('GRID_DESIGNER.CARD.NONE')}
        </Text>
      )}
      <SortableList
        items={chosen}
        label={t('GRID_DESIGNER.CARD.LIST')}
        nameOf={nameOf}
        readOnly={readOnly}
        onMove={(uid, overUid) => {
          const from = chosen.findIndex((item) => item.uid === uid);
          const to = chosen.findIndex((item) => item.uid === overUid);
          if (from < 0 || to < 0) return;
          const next = [...fields];
          const [moved] = next.splice(from, 1);
          next.splice(to, 0, moved!);
          set(next);
        }}
      >
        {(item, handle) => (
          <Paper withBorder p={4} radius="sm">
            <Group gap="xs" wrap="nowrap">
              {handle}
              <Text size="sm" fw={item.uid === chosen[0]?.uid ? 700 : 400} style={{ flex: 1 }}>
                {item.title}
                {item.uid === chosen[0]?.uid && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('GRID_DESIGNER.CARD.HEADING')}
                  </Text>
                )}
              </Text>
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('GRID_DESIGNER.CARD.REMOVE', { field: item.title })}
                  onClick={() => set(fields.filter((field) => field !== item.field))}
                >
                  <TrashIcon />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        )}
      </SortableList>
      {!readOnly && left.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {full
              ? t('GRID_DESIGNER.CARD.FULL', { count: maxCardFields })
              : t('GRID_DESIGNER.CARD.AVAILABLE')}
          </Text>
          <Group gap="xs">
            {left.map((column) => (
              <Button
                key={column.uid}
                size="compact-xs"
                variant="light"
                disabled={full}
                leftSection={<PlusIcon size={12} />}
                aria-label={t('GRID_DESIGNER.CARD.ADD', { field: titleOf(column.Field) })}
                onClick={() => set([...fields, column.Field])}
              >
                {titleOf(column.Field)}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
