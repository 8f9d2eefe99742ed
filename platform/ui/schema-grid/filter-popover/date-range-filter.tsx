import { Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { useTranslation } from 'react-i18next';
import type { ColumnFilter } from '../column-filter';
import { defaultDateFormat } from '../format-value';

dayjs.extend(customParseFormat);

type DatesDraft = ColumnFilter & { kind: 'dates' };

/** Reads a typed day as dd/MM/yyyy (or ISO); null until it is a whole, real day. */
export function parseDay(text: string): string | null {
  const day = dayjs(text.trim(), [defaultDateFormat, 'YYYY-MM-DD'], true);
  return day.isValid() ? day.format('YYYY-MM-DD') : null;
}

/** From and to days, both inclusive; typed as dd/MM/yyyy or picked in a calendar. */
export function DateRangeFilter({
  draft,
  onChange,
}: {
  draft: DatesDraft;
  onChange(draft: DatesDraft): void;
}) {
  const { t } = useTranslation();
  const common = {
    size: 'xs',
    valueFormat: defaultDateFormat,
    dateParser: parseDay,
    clearable: true,
    // The calendar stays inside the filter popup, so picking a day does not close it.
    popoverProps: { withinPortal: false },
  } as const;
  return (
    <Group grow gap="xs" align="flex-start">
      <DateInput
        {...common}
        label={t('GRID.FILTER_FROM')}
        value={draft.from}
        maxDate={draft.to ?? undefined}
        onChange={(from) => onChange({ ...draft, from })}
        data-autofocus
      />
      <DateInput
        {...common}
        label={t('GRID.FILTER_TO')}
        value={draft.to}
        minDate={draft.from ?? undefined}
        onChange={(to) => onChange({ ...draft, to })}
      />
    </Group>
  );
}
