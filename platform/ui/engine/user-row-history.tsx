import { Button, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeLogEntry, GridPage } from '#metadata';
import { loadRowHistory } from './user-table-api';
import type { Loaded } from './use-grid-page';

/** Entries shown before "Show all". */
const firstEntries = 10;
const timeFormat = 'DD/MM/YYYY HH:mm';

function useRowHistory(page: GridPage, rowId: unknown): Loaded<ChangeLogEntry[]> {
  const [state, setState] = useState<Loaded<ChangeLogEntry[]>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadRowHistory(page, rowId).then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [page, rowId]);
  return state;
}

function Changes({ entry }: { entry: ChangeLogEntry }) {
  if (entry.Changes.length === 0) return <>{entry.GenericLog ?? ''}</>;
  return (
    <List size="sm" spacing={2}>
      {entry.Changes.map((change, index) => (
        <List.Item key={index}>{change.ChangeText}</List.Item>
      ))}
    </List>
  );
}

/**
 * The field-level history of one row of a user table (`api/dataSources/{id}/data/{rowId}/
 * history`), newest first: for anyone who may read the row, with the changes of fields they
 * may see.
 */
export function UserRowHistory({ page, rowId }: { page: GridPage; rowId: unknown }) {
  const { t } = useTranslation();
  const history = useRowHistory(page, rowId);
  const [all, setAll] = useState(false);
  const title = t('ENGINE.HISTORY');

  let body;
  if (history.status === 'loading') body = <Loader size="sm" type="dots" />;
  else if (history.status === 'failed') body = <Text c="red">{t('UDT.HISTORY_NOT_LOADED')}</Text>;
  else if (history.value.length === 0) body = <Text c="dimmed">{t('UDT.HISTORY_EMPTY')}</Text>;
  else {
    const entries = all ? history.value : history.value.slice(0, firstEntries);
    body = (
      <>
        <Table aria-label={title} verticalSpacing={6} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ENTITY.CHANGE_LOG.DATE_TIME')}</Table.Th>
              <Table.Th>{t('ENTITY.CHANGE_LOG.USER_NAME')}</Table.Th>
              <Table.Th>{t('ENTITY.CHANGE_LOG.ACTION_TYPE')}</Table.Th>
              <Table.Th>{t('ENTITY.CHANGE_LOG.CHANGES')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.Id}>
                <Table.Td>{dayjs(entry.DateTime).format(timeFormat)}</Table.Td>
                <Table.Td>{entry.UserName}</Table.Td>
                <Table.Td>{entry.ActionTypeText ?? ''}</Table.Td>
                <Table.Td>
                  <Changes entry={entry} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!all && history.value.length > firstEntries && (
          <Button variant="subtle" size="xs" onClick={() => setAll(true)}>
            {t('UDT.HISTORY_SHOW_ALL', { count: history.value.length })}
          </Button>
        )}
      </>
    );
  }

  return (
    <Stack gap="xs">
      <Title order={3}>{title}</Title>
      {body}
    </Stack>
  );
}
