import { Center, Group, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { useState } from 'react';
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

const showDay = (day: string | null) => (day ? dayjs(day).format(defaultDateFormat) : '');

/** A day typed as dd/MM/yyyy; shows the day picked in the calendar too. */
function DayField({
  label,
  value,
  onChange,
  autoFocus,
}: {
  label: string;
  value: string | null;
  onChange(day: string | null): void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(showDay(value));
  const [shown, setShown] = useState(value);
  // A day picked in the calendar replaces what was typed.
  if (value !== shown) {
    setShown(value);
    if (parseDay(text) !== value) setText(showDay(value));
  }
  return (
    <TextInput
      size="xs"
      label={label}
      placeholder={defaultDateFormat.toLowerCase()}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        const day = typed.trim() === '' ? null : parseDay(typed);
        if (day !== null || typed.trim() === '') {
          setShown(day);
          onChange(day);
        }
      }}
      data-autofocus={autoFocus || undefined}
    />
  );
}

/**
 * From and to days, both inclusive: typed as dd/MM/yyyy or picked in the calendar below them.
 * The calendar is part of the popup, so it never covers the popup's buttons.
 */
export function DateRangeFilter({
  draft,
  onChange,
}: {
  draft: DatesDraft;
  onChange(draft: DatesDraft): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group grow gap="xs" align="flex-start">
        <DayField
          label={t('GRID.FILTER_FROM')}
          value={draft.from}
          onChange={(from) => onChange({ ...draft, from })}
          autoFocus
        />
        <DayField
          label={t('GRID.FILTER_TO')}
          value={draft.to}
          onChange={(to) => onChange({ ...draft, to })}
        />
      </Group>
      <Center>
        <DatePicker
          type="range"
          size="xs"
          allowSingleDateInRange
          value={[draft.from, draft.to]}
          defaultDate={draft.from ?? draft.to ?? undefined}
          onChange={([from, to]) => onChange({ ...draft, from, to })}
        />
      </Center>
    </>
  );
}
