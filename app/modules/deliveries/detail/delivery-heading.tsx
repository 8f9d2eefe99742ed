import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow } from './delivery-api';
import { deliveryFormat } from './delivery-format';

/** The delivery's order number as the page's heading, and where, when and what below it. */
export function DeliveryHeading({ delivery, blank }: { delivery: DeliveryRow; blank: boolean }) {
  const { t, i18n } = useTranslation();
  const format = deliveryFormat(i18n.language);
  const when = delivery.StartTime0 ? format.moment(delivery.StartTime0) : delivery.Time;
  const facts = [delivery.SiteName, when, delivery.MaterialCode, delivery.UnitCode].filter(
    (fact): fact is string => typeof fact === 'string' && fact !== '',
  );
  return (
    <Stack gap={4}>
      <Title order={1}>
        {blank
          ? t('DELIVERY.PAGE.HEADING_BLANK')
          : t('DELIVERY.PAGE.HEADING', { order: delivery.UniqueId1 ?? delivery.Id })}
      </Title>
      {facts.length > 0 && <Text c="dimmed">{facts.join(' · ')}</Text>}
    </Stack>
  );
}
