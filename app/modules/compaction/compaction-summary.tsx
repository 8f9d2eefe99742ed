import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScenarioAnswer } from './cooling-chart-data';
import { formatTenths } from '../../shared/cooling/number-format';
import { rollingNotReached } from './result-facts';

/** The chart's numbers as a table, for everyone who cannot or would rather not read a chart. */
export function CompactionSummary({ answers }: { answers: readonly ScenarioAnswer[] }) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => formatTenths(value, i18n.language);
  const minutes = (value: number, moreThan: boolean) =>
    t(moreThan ? 'COMPACTION.MORE_THAN_MINUTES' : 'COMPACTION.MINUTES', { minutes: format(value) });

  return (
    <Table fz="sm" verticalSpacing={4} horizontalSpacing="xs" captionSide="top">
      <Table.Caption>
        <Text size="sm" fw={600} ta="left">
          {t('COMPACTION.SUMMARY.CAPTION')}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('COMPACTION.SUMMARY.SCENARIO')}</Table.Th>
          <Table.Th scope="col">{t('COMPACTION.SUMMARY.AVAILABLE')}</Table.Th>
          <Table.Th scope="col">{t('COMPACTION.SUMMARY.START_ROLLING')}</Table.Th>
          <Table.Th scope="col">{t('COMPACTION.SUMMARY.STOP')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {answers.map(({ name, result }) => (
          <Table.Tr key={name}>
            <Table.Th scope="row">{name}</Table.Th>
            {result ? (
              <>
                <Table.Td>
                  {minutes(result.AvailableTimeForCompaction, !result.ReachedStop)}
                </Table.Td>
                <Table.Td>
                  {minutes(result.StartRollingMinutes, rollingNotReached(result))}
                </Table.Td>
                <Table.Td>{`${format(result.StopTemperature)}\u00a0°C`}</Table.Td>
              </>
            ) : (
              <Table.Td colSpan={3}>{t('COMPACTION.SUMMARY.NONE')}</Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
