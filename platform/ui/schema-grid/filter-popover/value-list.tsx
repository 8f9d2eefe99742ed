import { ActionIcon, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useContext, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../format-value';
import { GridContext } from '../grid-context';
import { SortAlphaIcon } from '../icons';
import type { FetchValues } from './filter-popover';

export interface ValueListProps {
  field: string;
  fetchValues: FetchValues;
  selected: string[];
  onChange(values: string[]): void;
}

/** The column's distinct values, searchable and sortable, to tick; ticked ones stay listed. */
export function ValueList({ field, fetchValues, selected, onChange }: ValueListProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [values, setValues] = useState<string[]>([]);
  const [descending, setDescending] = useState(false);
  const load = useEffectEvent((text: string) => fetchValues(field, text));
  const renderValue = useContext(GridContext)?.renderFilterValue?.[field];

  useEffect(() => {
    let latest = true;
    load(debouncedSearch).then(
      (found) => latest && setValues(found),
      () => latest && setValues([]),
    );
    return () => {
      latest = false;
    };
  }, [field, debouncedSearch]);

  const collator = new Intl.Collator(intlLocale(i18n.language));
  const shown = [...new Set([...selected, ...values.filter((value) => value !== '')])].sort(
    (a, b) => collator.compare(a, b) * (descending ? -1 : 1),
  );

  return (
    <Stack gap={6}>
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          flex={1}
          aria-label={t('GRID.FILTER_SEARCH_VALUES')}
          placeholder={t('GRID.FILTER_SEARCH_VALUES')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          // Enter searches here; it must not apply the whole filter.
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        />
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t(
            descending ? 'GRID.FILTER_SORT_VALUES_ASC' : 'GRID.FILTER_SORT_VALUES_DESC',
          )}
          onClick={() => setDescending((value) => !value)}
        >
          <SortAlphaIcon desc={!descending} size={14} />
        </ActionIcon>
      </Group>
      <Checkbox.Group
        label={t('GRID.FILTER_VALUES')}
        size="xs"
        value={selected}
        onChange={onChange}
      >
        <ScrollArea.Autosize mah={180} type="auto">
          <Stack gap={6} py={4}>
            {shown.map((value) => (
              <Checkbox
                key={value}
                size="xs"
                value={value}
                label={renderValue ? renderValue(value) : value}
              />
            ))}
            {shown.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('GRID.FILTER_NO_VALUES')}
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Checkbox.Group>
    </Stack>
  );
}
