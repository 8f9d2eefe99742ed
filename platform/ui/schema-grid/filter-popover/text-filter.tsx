import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { textOperators, type ColumnFilter, type TextOperator } from '../column-filter';
import type { FetchValues } from './filter-popover';
import { ValueList } from './value-list';

type TextDraft = ColumnFilter & { kind: 'text' };

const operatorLabels: Record<TextOperator, string> = {
  contains: 'GRID.FILTER_CONTAINS',
  eq: 'GRID.FILTER_EQUALS',
  startswith: 'GRID.FILTER_STARTS_WITH',
  endswith: 'GRID.FILTER_ENDS_WITH',
};

/**
 * An operator and a text (case-insensitive), plus a list of the column's values to pick; only
 * the list for a column of codes.
 */
export function TextFilter({
  field,
  valuesOnly = false,
  draft,
  onChange,
  fetchValues,
}: {
  field: string;
  valuesOnly?: boolean;
  draft: TextDraft;
  onChange(draft: TextDraft): void;
  fetchValues?: FetchValues;
}) {
  const { t } = useTranslation();
  const values = fetchValues && (
    <ValueList
      field={field}
      fetchValues={fetchValues}
      selected={draft.values}
      onChange={(picked) => onChange({ ...draft, values: picked })}
    />
  );
  if (valuesOnly && values) return values;
  return (
    <Stack gap="xs">
      <NativeSelect
        size="xs"
        label={t('GRID.FILTER_OPERATOR')}
        value={draft.operator}
        data={textOperators.map((operator) => ({
          value: operator,
          label: t(operatorLabels[operator]),
        }))}
        onChange={(event) =>
          onChange({ ...draft, operator: event.currentTarget.value as TextOperator })
        }
      />
      <TextInput
        size="xs"
        label={t('GRID.FILTER_TEXT')}
        value={draft.text}
        onChange={(event) => onChange({ ...draft, text: event.currentTarget.value })}
        data-autofocus
      />
      {values}
    </Stack>
  );
}
