import { Alert, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StateBadge } from '../state/state-badge';
import { stateReasonText } from '../state/state-reason';
import { stateStyle } from '../state/state-style';
import type { WhatIfAnswer } from './delivery-api';
import { deliveryFormat } from './delivery-format';

export interface DeliveryStatePanelProps {
  delivery: WhatIfAnswer;
  /** A newer what-if is on its way: the state shown is for the inputs before. */
  pending: boolean;
  /** Why the state for the inputs on screen could not be computed, if it could not. */
  failure: string | null;
  retry: () => void;
}

function Minutes({ delivery }: { delivery: WhatIfAnswer }) {
  const { t, i18n } = useTranslation();
  const format = deliveryFormat(i18n.language);
  const available = delivery.AvailableTimeForCompaction;
  const needed = delivery.StateNeededMinutes;
  const params = (delivery.StateReasonParams ?? {}) as { reachedStop?: unknown };
  if (typeof available !== 'number') {
    return <Text c="dimmed">{t('DELIVERY.PAGE.NO_MINUTES')}</Text>;
  }
  const minutes = format.minutes(available);
  return (
    <Text component="p" m={0} lh={1.2}>
      <Text span fz={{ base: 32, sm: 40 }} fw={700} lh={1.1} display="block">
        {params.reachedStop === false
          ? t('DELIVERY.PAGE.MORE_THAN_MINUTES', { minutes })
          : t('DELIVERY.PAGE.MINUTES', { minutes })}
      </Text>
      <Text span fw={500}>
        {t('DELIVERY.PAGE.AVAILABLE')}
      </Text>
      {typeof needed === 'number' && (
        <>
          <Text span c="dimmed" aria-hidden>
            {' · '}
          </Text>
          <Text span c="dimmed">
            {t('DELIVERY.PAGE.NEEDED', { minutes: format.tenths(needed) })}
          </Text>
        </>
      )}
    </Text>
  );
}

/**
 * The delivery's state by its long name with the reason, and the minutes for compaction; a
 * polite live region says the new state whenever it changes.
 */
export function DeliveryStatePanel({ delivery, pending, failure, retry }: DeliveryStatePanelProps) {
  const { t, i18n } = useTranslation();
  const name = t(stateStyle(delivery.State).nameKey);
  const reason = stateReasonText(delivery, t, i18n.language);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={6}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('DELIVERY.STATE')}
          </Text>
          <Group gap="sm" align="center">
            <StateBadge row={delivery} variant="name" />
            {pending && (
              <Group gap={6} wrap="nowrap" role="status" aria-label={t('DELIVERY.PAGE.UPDATING')}>
                <Loader size="xs" />
                <Text size="xs" c="dimmed">
                  {t('DELIVERY.PAGE.UPDATING')}
                </Text>
              </Group>
            )}
          </Group>
        </Stack>
      </Group>
      {reason && <Text>{reason}</Text>}
      <Minutes delivery={delivery} />
      <VisuallyHidden aria-live="polite" aria-atomic>
        {t('DELIVERY.PAGE.STATE_ANNOUNCED', { state: name, reason })}
      </VisuallyHidden>
      {failure && (
        <Alert color="red" variant="light" py="xs" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{failure}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={retry}>
              {t('DELIVERY.PAGE.RETRY')}
            </Button>
          </Group>
          <Text size="sm">{t('DELIVERY.PAGE.SHOWING_LAST')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
