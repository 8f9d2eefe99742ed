import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitSync } from '#metadata';
import { SelectableTable } from './selectable-table';

type Sync = UnitSync;
type Changed = string | number | boolean | null;

export interface SyncSelection {
  New: Set<string>;
  Upgrade: Set<string>;
  Deactivate: Set<string>;
}

/** What starts ticked: every new unit and update; no deactivation until asked. */
export const initialSelection = (sync: Sync): SyncSelection => ({
  New: new Set(sync.New.map((unit) => unit.Code)),
  Upgrade: new Set(sync.Upgrade.map((unit) => unit.Code)),
  Deactivate: new Set(),
});

interface SyncDifferencesProps {
  sync: Sync;
  applying: boolean;
  onApply(selection: SyncSelection): void;
}

/** The comparison: the three lists of differences to tick, the rows left out, and Apply. */
export function SyncDifferences({ sync, applying, onApply }: SyncDifferencesProps) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState(() => initialSelection(sync));
  const select = (list: keyof SyncSelection) => (codes: Set<string>) =>
    setSelection((current) => ({ ...current, [list]: codes }));
  const shown = (value: Changed) =>
    value === null || value === ''
      ? t('SYNC_UNITS.EMPTY_VALUE')
      : typeof value === 'boolean'
        ? t(value ? 'SYNC_UNITS.YES' : 'SYNC_UNITS.NO')
        : String(value);
  const count = selection.New.size + selection.Upgrade.size + selection.Deactivate.size;
  const differences = sync.New.length + sync.Upgrade.length + sync.Missing.length;

  return (
    <Stack gap="lg">
      <Alert color={differences === 0 ? 'green' : 'blue'} variant="light">
        {differences === 0
          ? t('SYNC_UNITS.IN_SYNC')
          : t('SYNC_UNITS.SUMMARY', {
              new: sync.New.length,
              upgrade: sync.Upgrade.length,
              missing: sync.Missing.length,
              unchanged: sync.Unchanged,
            })}
      </Alert>
      <SelectableTable
        title={t('SYNC_UNITS.NEW')}
        hint={t('SYNC_UNITS.NEW_HINT')}
        rows={sync.New}
        codeOf={(unit) => unit.Code}
        selected={selection.New}
        onChange={select('New')}
        columns={[
          { title: t('SYNC_UNITS.CODE'), cell: (unit) => unit.Code },
          { title: t('SYNC_UNITS.NAME'), cell: (unit) => unit.Name },
          { title: t('SYNC_UNITS.ACTIVE'), cell: (unit) => shown(unit.Active) },
          {
            title: t('SYNC_UNITS.LOCATION'),
            cell: (unit) =>
              [unit.Postcode, unit.Latitude !== null ? `${unit.Latitude}, ${unit.Longitude}` : null]
                .filter(Boolean)
                .join(' · '),
          },
        ]}
      />
      <SelectableTable
        title={t('SYNC_UNITS.UPGRADE')}
        hint={t('SYNC_UNITS.UPGRADE_HINT')}
        rows={sync.Upgrade}
        codeOf={(unit) => unit.Code}
        selected={selection.Upgrade}
        onChange={select('Upgrade')}
        columns={[
          { title: t('SYNC_UNITS.CODE'), cell: (unit) => unit.Code },
          {
            title: t('SYNC_UNITS.CHANGES'),
            cell: (unit) => (
              <Stack gap={0}>
                {unit.Changes.map((change) => (
                  <Text key={change.Field} size="sm">
                    <b>{change.Field}</b>: {shown(change.Old)} → {shown(change.New)}
                  </Text>
                ))}
              </Stack>
            ),
          },
        ]}
      />
      <SelectableTable
        title={t('SYNC_UNITS.MISSING')}
        hint={t('SYNC_UNITS.MISSING_HINT')}
        rows={sync.Missing}
        codeOf={(unit) => unit.Code}
        selected={selection.Deactivate}
        onChange={select('Deactivate')}
        columns={[
          { title: t('SYNC_UNITS.CODE'), cell: (unit) => unit.Code },
          { title: t('SYNC_UNITS.NAME'), cell: (unit) => unit.Name },
        ]}
      />
      {sync.Problems.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>
            {t('SYNC_UNITS.PROBLEMS')} ({sync.Problems.length})
          </Title>
          <Table aria-label={t('SYNC_UNITS.PROBLEMS')} striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('SYNC_UNITS.ROW')}</Table.Th>
                <Table.Th w={150}>{t('SYNC_UNITS.FIELD')}</Table.Th>
                <Table.Th>{t('SYNC_UNITS.MESSAGE')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sync.Problems.map((problem, index) => (
                <Table.Tr key={`${problem.Row}-${problem.Field}-${index}`}>
                  <Table.Td>{problem.Row}</Table.Td>
                  <Table.Td>{problem.Field}</Table.Td>
                  <Table.Td>{problem.Message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button disabled={count === 0} loading={applying} onClick={() => onApply(selection)}>
          {t('SYNC_UNITS.APPLY', { count })}
        </Button>
      </Group>
    </Stack>
  );
}
