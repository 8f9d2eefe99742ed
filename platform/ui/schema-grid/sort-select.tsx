import { ActionIcon, Group, NativeSelect } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumn, SortKey } from '#metadata';
import { SortAscIcon, SortDescIcon } from './icons';

export interface SortSelectProps {
  columns: readonly GridColumn[];
  /** The order the rows are in (the user's or the page's default). */
  sort: readonly SortKey[];
  onSort(key: SortKey): void;
}

/**
 * The cards' sort, where there are no column headers to click: a column to sort by and a
 * button turning its direction.
 */
export function SortSelect({ columns, sort, onSort }: SortSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const sortable = columns.filter((column) => column.Sortable !== false);
  if (sortable.length === 0) return null;
  const current = sort[0];
  const field = current && sortable.some((c) => c.Field === current.Field) ? current.Field : '';
  const desc = current?.Desc ?? false;
  return (
    <Group gap={4} wrap="nowrap" align="end">
      <NativeSelect
        id={id}
        size="xs"
        label={t('GRID.SORT_BY')}
        value={field}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (next) onSort({ Field: next, Desc: desc });
        }}
        data={[
          ...(field === '' ? [{ value: '', label: t('GRID.SORT_NONE') }] : []),
          ...sortable.map((column) => ({ value: column.Field, label: t(column.Title) })),
        ]}
      />
      <ActionIcon
        variant="default"
        size="input-xs"
        disabled={field === ''}
        // Shows the direction the cards are in; named by what a tap does.
        aria-label={desc ? t('GRID.SORT_ASCENDING') : t('GRID.SORT_DESCENDING')}
        title={desc ? t('GRID.SORT_ASCENDING') : t('GRID.SORT_DESCENDING')}
        onClick={() => onSort({ Field: field, Desc: !desc })}
      >
        {desc ? <SortDescIcon size={16} /> : <SortAscIcon size={16} />}
      </ActionIcon>
    </Group>
  );
}
