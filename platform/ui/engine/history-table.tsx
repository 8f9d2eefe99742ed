import { Button, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeLogEntry, FieldChange } from '#metadata';
import { useDateFormat } from '../i18n/date-format';
import { HistoryChanges } from './history-changes';

/** Entries shown before "Show all". */
const firstEntries = 10;

const isNote = (entry: ChangeLogEntry) => entry.Changes.length === 0 && !!entry.GenericLog;

/** A history's entries, newest first: when, who, what kind and the changes (or the note). */
export function HistoryTable({
  entries,
  words,
}: {
  entries: readonly ChangeLogEntry[];
  words: (change: FieldChange) => string;
}) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, firstEntries);
  return (
    <>
      <Table aria-label={t('ENGINE.HISTORY')} verticalSpacing={6} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ENTITY.CHANGE_LOG.DATE_TIME')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('ENTITY.CHANGE_LOG.USER_NAME')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('ENTITY.CHANGE_LOG.ACTION_TYPE')}</Table.Th>
            <Table.Th>{t('ENTITY.CHANGE_LOG.CHANGES')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((entry) => {
            const action = isNote(entry)
              ? t('ENTITY.CHANGE_LOG.GENERIC_LOG')
              : (entry.ActionTypeText ?? '');
            return (
              <Table.Tr key={entry.Id} style={{ verticalAlign: 'top' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {format.dateTime(entry.DateTime)}
                  {/* On a phone the user and the action sit under the time. */}
                  <Text hiddenFrom="sm" size="sm" c="dimmed">
                    {entry.UserName}
                  </Text>
                  <Text hiddenFrom="sm" size="sm" c="dimmed">
                    {action}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{entry.UserName}</Table.Td>
                <Table.Td visibleFrom="sm">{action}</Table.Td>
                <Table.Td>
                  <HistoryChanges entry={entry} words={words} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {!all && entries.length > firstEntries && (
        <Button variant="subtle" size="xs" onClick={() => setAll(true)}>
          {t('UDT.HISTORY_SHOW_ALL', { count: entries.length })}
        </Button>
      )}
    </>
  );
}
