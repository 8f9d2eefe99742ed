import {
  ActionIcon,
  Badge,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnType } from '#metadata';
import { TrashIcon } from '../data-source/designer-icons';
import { useTranslate } from '../data-source/use-translate';
import { formatChoices, hasFormats, typesFor } from './column-formats';
import { useDesigner, useFieldList } from './designer-context';
import type { ColumnDraft, ColumnPatch } from './drafts';
import { useShownTitle, useTitleText } from './translated-hint';

/** Inputs of one item line up: what is said of them comes after them. */
const belowInput: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** Errors of one column or action: what the browser finds, then what the server refused. */
export function ItemErrors({ uid }: { uid: string }) {
  const t = useTranslate();
  const { state, problems } = useDesigner();
  const texts = [
    ...(problems.items[uid] ?? []).map((key) => t(key)),
    ...(state.serverErrors.items[uid] ?? []),
  ];
  return texts.map((text) => (
    <Text key={text} size="xs" c="red">
      {text}
    </Text>
  ));
}

/** One column: its handle, field and type, its title, type and format, and a remove button. */
export function ColumnItem({ column, handle }: { column: ColumnDraft; handle: ReactNode }) {
  const t = useTranslate();
  const { i18n } = useTranslation();
  const shown = useShownTitle();
  const titleText = useTitleText();
  const { dispatch, readOnly } = useDesigner();
  const fields = useFieldList();
  const field = column.Field;
  const set = (patch: ColumnPatch) => dispatch({ type: 'updateColumn', uid: column.uid, patch });
  const source = fields.find((candidate) => candidate.Name === field);
  const unknown = fields.length > 0 && !source;
  const types = typesFor(source ? source.ColumnType : undefined, column.Type);
  const typeLabel = (type: ColumnType) => t(`GRID_DESIGNER.TYPE.${type}`);
  const fieldTitle = titleText(source?.Title) || field;

  return (
    <Paper withBorder p="xs" radius="sm">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          {handle}
          <Text fw={500} size="sm" style={{ flex: 1 }} truncate>
            {fieldTitle}
          </Text>
          <Badge size="sm" variant="light" color="gray">
            {typeLabel(column.Type)}
          </Badge>
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('GRID_DESIGNER.COLUMN.REMOVE', { field: fieldTitle })}
              onClick={() => dispatch({ type: 'remove', list: 'columns', uid: column.uid })}
            >
              <TrashIcon />
            </ActionIcon>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            size="xs"
            inputWrapperOrder={belowInput}
            label={t('GRID_DESIGNER.COLUMN.TITLE')}
            aria-label={t('GRID_DESIGNER.COLUMN.TITLE_OF', { field })}
            description={shown(column.Title).note}
            value={shown(column.Title).value}
            onChange={(event) => set({ Title: event.currentTarget.value })}
            readOnly={readOnly}
            maxLength={200}
          />
          <NativeSelect
            size="xs"
            inputWrapperOrder={belowInput}
            label={t('GRID_DESIGNER.COLUMN.TYPE')}
            aria-label={t('GRID_DESIGNER.COLUMN.TYPE_OF', { field })}
            data={types.map((type) => ({ value: type, label: typeLabel(type) }))}
            value={column.Type}
            onChange={(event) => set({ Type: event.currentTarget.value as ColumnType })}
            disabled={readOnly || types.length < 2}
          />
          {hasFormats(column.Type) && (
            <NativeSelect
              size="xs"
              inputWrapperOrder={belowInput}
              label={t('GRID_DESIGNER.COLUMN.FORMAT')}
              aria-label={t('GRID_DESIGNER.COLUMN.FORMAT_OF', { field })}
              data={formatChoices(column.Type, column.Format, t, i18n.language)}
              // A boolean shows words unless told otherwise: its default is Yes / No.
              value={column.Format ?? (column.Type === 'boolean' ? 'yesno' : '')}
              onChange={(event) => set({ Format: event.currentTarget.value || null })}
              disabled={readOnly}
            />
          )}
        </SimpleGrid>
        {unknown && (
          <Text size="xs" c="orange">
            {t('GRID_DESIGNER.COLUMN.UNKNOWN_FIELD', { field })}
          </Text>
        )}
        <ItemErrors uid={column.uid} />
      </Stack>
    </Paper>
  );
}
