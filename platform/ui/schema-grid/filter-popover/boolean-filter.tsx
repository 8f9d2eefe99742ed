import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColumnFilter } from '../column-filter';

type BooleanDraft = ColumnFilter & { kind: 'boolean' };

const choices = [
  { value: 'any', label: 'GRID.FILTER_ANY' },
  { value: 'true', label: 'GRID.YES' },
  { value: 'false', label: 'GRID.NO' },
] as const;

/** Any, yes or no. */
export function BooleanFilter({
  draft,
  onChange,
}: {
  draft: BooleanDraft;
  onChange(draft: BooleanDraft): void;
}) {
  const { t } = useTranslation();
  const value = draft.value === null ? 'any' : String(draft.value);
  return (
    <Radio.Group
      value={value}
      onChange={(next) =>
        onChange({ kind: 'boolean', value: next === 'any' ? null : next === 'true' })
      }
    >
      <Group gap="md">
        {choices.map((choice) => (
          <Radio
            key={choice.value}
            size="xs"
            value={choice.value}
            label={t(choice.label)}
            data-autofocus={choice.value === value || undefined}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
