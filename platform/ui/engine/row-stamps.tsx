import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../i18n/date-format';
import type { EntityRow } from './entity-api';

const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Who created a row and who changed it last, and when (a user table's system fields
 * `CreatedBy`, `CreatedAt`, `UpdatedBy`, `UpdatedAt`); nothing for a row without them.
 */
export function RowStamps({ row }: { row: EntityRow }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const when = (value: unknown) => {
    const text = textOf(value);
    return text ? format.dateTime(text) : null;
  };
  const created = when(row.CreatedAt);
  // A row never changed since it was created says only that.
  const updated = row.UpdatedAt === row.CreatedAt ? null : when(row.UpdatedAt);
  const lines = [
    created &&
      t('UDT.CREATED', { user: textOf(row.CreatedBy) ?? t('UDT.UNKNOWN_USER'), time: created }),
    updated &&
      t('UDT.UPDATED', { user: textOf(row.UpdatedBy) ?? t('UDT.UNKNOWN_USER'), time: updated }),
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {lines.join(' · ')}
    </Text>
  );
}
