import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { PlusIcon } from '../data-source/designer-icons';
import { useTranslate } from '../data-source/use-translate';
import { ColumnItem } from './column-item';
import { useDesigner } from './designer-context';
import { type ColumnDraft, columnFields } from './drafts';
import { SortableList } from './sortable-list';
import { useTitleText } from './translated-hint';

/** The data source's fields no column shows yet, each a button adding its column. */
function AvailableFields() {
  const t = useTranslate();
  const { state, dispatch, readOnly, fields } = useDesigner();
  const titleText = useTitleText();
  if (readOnly || !fields) return null;
  if (fields.status === 'loading') {
    return (
      <Text size="sm" c="dimmed">
        {t('GRID_DESIGNER.FIELDS_LOADING')}
      </Text>
    );
  }
  if (fields.status === 'failed') {
    return <Alert color="red">{t('GRID_DESIGNER.FIELDS_FAILED')}</Alert>;
  }
  const shown = new Set(state.columns.map((column) => column.Field));
  const missing = columnFields(fields.value).filter((field) => !shown.has(field.Name));
  if (missing.length === 0) return null;
  // "Add all" adds what the user made, not the system's stamps (Id, Version, created, updated).
  const own = missing.filter((field) => !field.IsSystem);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('GRID_DESIGNER.COLUMNS.AVAILABLE')}
        </Text>
        {own.length > 0 && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => dispatch({ type: 'addColumns', fields: own })}
          >
            {t('GRID_DESIGNER.COLUMNS.ADD_ALL')}
          </Button>
        )}
      </Group>
      <Group gap="xs">
        {missing.map((field) => {
          const title = titleText(field.Title) || field.Name;
          return (
            <Button
              key={field.Name}
              size="compact-xs"
              variant="light"
              leftSection={<PlusIcon size={12} />}
              aria-label={t('GRID_DESIGNER.COLUMNS.ADD', { field: title })}
              onClick={() => dispatch({ type: 'addColumns', fields: [field] })}
            >
              {title}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

/** The page's columns in their order, each edited in place, and the fields to add. */
export function ColumnsPane({ headingId }: { headingId: string }) {
  const t = useTranslate();
  const { state, dispatch, readOnly, problems } = useDesigner();
  const titleText = useTitleText();
  const nameOf = useCallback(
    (column: ColumnDraft) =>
      t('GRID_DESIGNER.COLUMN.NAME', { field: titleText(column.Title).trim() || column.Field }),
    [t, titleText],
  );
  const empty =
    state.dataSourceId === 0 ? 'GRID_DESIGNER.COLUMNS.NO_SOURCE' : 'GRID_DESIGNER.COLUMNS.NONE';
  return (
    <Stack gap="sm">
      <Title order={3} id={headingId}>
        {t('GRID_DESIGNER.COLUMNS')}
      </Title>
      {!readOnly && (
        <Text size="sm" c="dimmed">
          {t('GRID_DESIGNER.COLUMNS.HELP')}
        </Text>
      )}
      {state.columns.length === 0 && (
        <Text size="sm" c={problems.columns && state.dataSourceId > 0 ? 'orange' : 'dimmed'}>
          {t(empty)}
        </Text>
      )}
      <SortableList
        items={state.columns}
        label={t('GRID_DESIGNER.COLUMNS.LIST')}
        nameOf={nameOf}
        readOnly={readOnly}
        onMove={(uid, overUid) => dispatch({ type: 'move', list: 'columns', uid, overUid })}
      >
        {(column, handle) => <ColumnItem column={column} handle={handle} />}
      </SortableList>
      {(state.serverErrors.settings.Columns ?? []).map((text) => (
        <Text key={text} size="xs" c="red">
          {text}
        </Text>
      ))}
      <AvailableFields />
    </Stack>
  );
}
