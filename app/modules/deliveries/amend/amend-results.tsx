import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AmendResult } from '#metadata';
import { StateBadge } from '../state/state-badge';
import { deliveryFormat } from '../detail/delivery-format';
import type { AmendableDelivery } from './amend-selected-dialog';

export interface AmendResultsProps {
  results: readonly AmendResult[];
  deliveries: readonly AmendableDelivery[];
}

/** Each amended delivery with its state before and after, and its time for compaction now. */
export function AmendResults({ results, deliveries }: AmendResultsProps) {
  const { t, i18n } = useTranslation();
  const format = deliveryFormat(i18n.language);
  const byId = new Map(deliveries.map((delivery) => [delivery.Id, delivery]));
  return (
    <Table fz="sm" verticalSpacing={6} horizontalSpacing={6} captionSide="top">
      <Table.Caption>
        <Text size="sm" fw={600} ta="left">
          {t('DELIVERY.AMEND.RESULTS', { count: results.length })}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('DELIVERY.AMEND.DELIVERY')}</Table.Th>
          <Table.Th scope="col">{t('DELIVERY.AMEND.BEFORE')}</Table.Th>
          <Table.Th scope="col">{t('DELIVERY.AMEND.AFTER')}</Table.Th>
          <Table.Th scope="col">{t('DELIVERY.AMEND.MINUTES')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {results.map((result) => {
          const delivery = byId.get(result.Id);
          const minutes = result.AvailableTimeForCompaction;
          return (
            <Table.Tr key={result.Id}>
              <Table.Th scope="row" fw={500}>
                <Text size="sm" fw={600}>
                  {delivery?.UniqueId1 ?? result.Id}
                </Text>
                {delivery?.SiteName && (
                  <Text size="xs" c="dimmed">
                    {delivery.SiteName}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>
                <StateBadge row={{ State: result.OldState }} variant="name" />
              </Table.Td>
              <Table.Td>
                <StateBadge
                  row={{ State: result.NewState, StateReason: result.StateReason }}
                  variant="name"
                />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {typeof minutes === 'number'
                  ? t('DELIVERY.PAGE.MINUTES', { minutes: format.minutes(minutes) })
                  : '—'}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
