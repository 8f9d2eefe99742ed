import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useCallback, useMemo } from 'react';
import { gridActionTypes, rowActionTypes } from '#metadata';
import { PlusIcon, TrashIcon } from '../data-source/designer-icons';
import type { Translate } from '../data-source/control-labels';
import { useTranslate } from '../data-source/use-translate';
import { ItemErrors } from './column-item';
import { useDesigner } from './designer-context';
import type { ActionDraft, ActionList } from './drafts';
import { hasUrl } from './save-body';
import { SortableList } from './sortable-list';
import { useShownTitle } from './translated-hint';

/** Inputs of one item line up: what is said of them comes after them. */
const belowInput: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

const nameKeys = {
  actions: { one: 'GRID_DESIGNER.GRID_ACTION.NAME', nth: 'GRID_DESIGNER.GRID_ACTION.NAME_NTH' },
  rowActions: { one: 'GRID_DESIGNER.ROW_ACTION.NAME', nth: 'GRID_DESIGNER.ROW_ACTION.NAME_NTH' },
} as const satisfies Record<ActionList, { one: string; nth: string }>;

/** How each action of a list is named: by its type, numbered when the type comes again. */
function actionNames(list: ActionList, items: readonly ActionDraft[], t: Translate) {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.Type, (counts.get(item.Type) ?? 0) + 1);
  const seen = new Map<string, number>();
  return new Map(
    items.map((item) => {
      const number = (seen.get(item.Type) ?? 0) + 1;
      seen.set(item.Type, number);
      const type = t(`GRID_DESIGNER.ACTION_TYPE.${item.Type}`);
      const nth = (counts.get(item.Type) ?? 0) > 1;
      return [item.uid, t(nameKeys[list][nth ? 'nth' : 'one'], { type, number })];
    }),
  );
}

function ActionItem({
  list,
  action,
  name,
  handle,
}: {
  list: ActionList;
  action: ActionDraft;
  name: string;
  handle: ReactNode;
}) {
  const t = useTranslate();
  const shown = useShownTitle();
  const { dispatch, readOnly } = useDesigner();
  const withUrl = hasUrl(action);
  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          {handle}
          <Badge size="sm" variant="light">
            {t(`GRID_DESIGNER.ACTION_TYPE.${action.Type}`)}
          </Badge>
          <Text size="sm" style={{ flex: 1 }} truncate>
            {action.Title.trim() ? t(action.Title.trim()) : ''}
          </Text>
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('GRID_DESIGNER.ACTION.REMOVE', { action: name })}
              onClick={() => dispatch({ type: 'remove', list, uid: action.uid })}
            >
              <TrashIcon />
            </ActionIcon>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: withUrl ? 2 : 1 }} spacing="xs">
          <TextInput
            size="xs"
            inputWrapperOrder={belowInput}
            label={t('GRID_DESIGNER.ACTION.TITLE')}
            aria-label={t('GRID_DESIGNER.ACTION.TITLE_OF', { action: name })}
            description={shown(action.Title).note}
            value={shown(action.Title).value}
            onChange={(event) =>
              dispatch({
                type: 'updateAction',
                list,
                uid: action.uid,
                patch: { Title: event.currentTarget.value },
              })
            }
            readOnly={readOnly}
            maxLength={200}
          />
          {withUrl && (
            <TextInput
              size="xs"
              inputWrapperOrder={belowInput}
              label={t('GRID_DESIGNER.ACTION.URL')}
              aria-label={t('GRID_DESIGNER.ACTION.URL_OF', { action: name })}
              description={t(
                action.Type === 'Open'
                  ? 'GRID_DESIGNER.ACTION.URL_ROW_HELP'
                  : 'GRID_DESIGNER.ACTION.URL_HELP',
              )}
              value={action.UrlToRedirect ?? ''}
              onChange={(event) =>
                dispatch({
                  type: 'updateAction',
                  list,
                  uid: action.uid,
                  patch: { UrlToRedirect: event.currentTarget.value },
                })
              }
              readOnly={readOnly}
              maxLength={2000}
            />
          )}
        </SimpleGrid>
        <ItemErrors uid={action.uid} />
      </Stack>
    </Paper>
  );
}

function ActionListEditor({ list }: { list: ActionList }) {
  const t = useTranslate();
  const { state, dispatch, readOnly } = useDesigner();
  const items: readonly ActionDraft[] = state[list];
  const names = useMemo(() => actionNames(list, items, t), [list, items, t]);
  const nameOf = useCallback((item: ActionDraft) => names.get(item.uid) ?? item.Type, [names]);
  const key = list === 'actions' ? 'GRID_DESIGNER.GRID_ACTIONS' : 'GRID_DESIGNER.ROW_ACTIONS';
  const add = (type: string) =>
    list === 'actions'
      ? dispatch({
          type: 'addAction',
          list,
          actionType: type as (typeof gridActionTypes)[number],
        })
      : dispatch({ type: 'addAction', list, actionType: type as (typeof rowActionTypes)[number] });
  return (
    <Stack gap="xs">
      <Title order={4}>{t(key)}</Title>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`${key}.NONE`)}
        </Text>
      )}
      <SortableList
        items={items}
        label={t(`${key}.LIST`)}
        nameOf={nameOf}
        readOnly={readOnly}
        onMove={(uid, overUid) => dispatch({ type: 'move', list, uid, overUid })}
      >
        {(action, handle) => (
          <ActionItem list={list} action={action} name={nameOf(action)} handle={handle} />
        )}
      </SortableList>
      {!readOnly && (
        <Group gap="xs">
          {(list === 'actions' ? gridActionTypes : rowActionTypes).map((type) => (
            <Button
              key={type}
              size="compact-xs"
              variant="light"
              leftSection={<PlusIcon size={12} />}
              aria-label={t(`${key}.ADD`, { type: t(`GRID_DESIGNER.ACTION_TYPE.${type}`) })}
              onClick={() => add(type)}
            >
              {t(`GRID_DESIGNER.ACTION_TYPE.${type}`)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The buttons above the grid (New, Redirect) and on each row (Edit, View, Delete, Open). */
export function ActionsPane({ headingId }: { headingId: string }) {
  const t = useTranslate();
  return (
    <Stack gap="md">
      <Title order={3} id={headingId}>
        {t('GRID_DESIGNER.ACTIONS')}
      </Title>
      <ActionListEditor list="actions" />
      <ActionListEditor list="rowActions" />
    </Stack>
  );
}
