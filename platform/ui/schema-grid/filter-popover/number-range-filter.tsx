import { Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnFilter } from '../column-filter';

type RangeDraft = ColumnFilter & { kind: 'range' };

const toNumber = (value: number | string): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** From and to, both inclusive; either may be left empty. */
export function NumberRangeFilter({
  integer,
  draft,
  onChange,
}: {
  integer: boolean;
  draft: RangeDraft;
  onChange(draft: RangeDraft): void;
}) {
  const { t } = useTranslation();
  // The inputs keep what is typed ("1." on the way to "1.5"); the draft keeps numbers only.
  const [from, setFrom] = useState<number | string>(draft.from ?? '');
  const [to, setTo] = useState<number | string>(draft.to ?? '');
  return (
    <Group grow gap="xs" align="flex-start">
      <NumberInput
        size="xs"
        label={t('GRID.FILTER_FROM')}
        allowDecimal={!integer}
        value={from}
        onChange={(value) => {
          setFrom(value);
          onChange({ ...draft, from: toNumber(value) });
        }}
        data-autofocus
      />
      <NumberInput
        size="xs"
        label={t('GRID.FILTER_TO')}
        allowDecimal={!integer}
        value={to}
        onChange={(value) => {
          setTo(value);
          onChange({ ...draft, to: toNumber(value) });
        }}
      />
    </Group>
  );
}
