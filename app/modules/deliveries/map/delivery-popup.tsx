import { Button, CloseButton, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { stateReasonText } from '../state/state-reason';
import { StateLetter } from '../state/state-letter';
import { stateStyle } from '../state/state-style';
import { deliveryDay, pointLabel, siteName, stateName } from './delivery-texts';
import classes from './delivery-map.module.css';
import type { MapDelivery } from './map-delivery';

function StateChip({ state }: { state: unknown }) {
  return <StateLetter style={stateStyle(state)} className={classes.chip} />;
}

interface PopupProps {
  onOpen(id: number): void;
  onClose(): void;
}

/** One delivery's details in the map's popup, with the way to open it. */
export function DeliveryDetails({
  delivery,
  onOpen,
  onClose,
}: PopupProps & { delivery: MapDelivery }) {
  const { t, i18n } = useTranslation();
  const reason = stateReasonText(delivery, t, i18n.language);
  return (
    <Stack gap={8} role="group" aria-label={pointLabel(delivery, t)}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text component="div" fw={600} size="sm">
          {siteName(delivery, t)}
        </Text>
        <CloseButton size="sm" aria-label={t('DELIVERY_MAP.CLOSE')} onClick={onClose} />
      </Group>
      <dl className={classes.details}>
        <dt>{t('DELIVERY.MATERIAL')}</dt>
        <dd>{delivery.MaterialCode ?? ''}</dd>
        <dt>{t('DELIVERY.DATE')}</dt>
        <dd>{deliveryDay(delivery.DeliveryDate)}</dd>
        <dt>{t('DELIVERY.TIME')}</dt>
        <dd>{delivery.Time ?? ''}</dd>
        <dt>{t('DELIVERY.STATE')}</dt>
        <dd>
          <Group gap={6} wrap="nowrap">
            <StateChip state={delivery.State} />
            {stateName(delivery.State, t)}
          </Group>
        </dd>
        {reason && (
          <>
            <dt>{t('DELIVERY.STATE_REASON')}</dt>
            <dd>{reason}</dd>
          </>
        )}
      </dl>
      <Button size="xs" data-autofocus onClick={() => onOpen(delivery.Id)}>
        {t('DELIVERY_MAP.OPEN')}
      </Button>
    </Stack>
  );
}

/** The deliveries of a group that cannot be zoomed apart (one site), each opening its delivery. */
export function GroupMembers({
  members,
  onOpen,
  onClose,
}: PopupProps & { members: MapDelivery[] }) {
  const { t } = useTranslation();
  const heading = t('DELIVERY_MAP.GROUP_HEADING', { count: members.length });
  return (
    <Stack gap={6} role="group" aria-label={heading}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text component="div" fw={600} size="sm">
          {heading}
        </Text>
        <CloseButton size="sm" aria-label={t('DELIVERY_MAP.CLOSE')} onClick={onClose} />
      </Group>
      <ul className={classes.members}>
        {members.map((delivery, index) => (
          <li key={delivery.Id}>
            <UnstyledButton
              className={classes.member}
              data-autofocus={index === 0 || undefined}
              aria-label={pointLabel(delivery, t)}
              onClick={() => onOpen(delivery.Id)}
            >
              <StateChip state={delivery.State} />
              <span className={classes.memberText}>
                <Text size="sm" span lineClamp={1}>
                  {siteName(delivery, t)}
                </Text>
                <Text size="xs" span c="dimmed">
                  {[deliveryDay(delivery.DeliveryDate), delivery.Time, delivery.MaterialCode]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </span>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
