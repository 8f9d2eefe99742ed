import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RouteLoading } from '#platform/ui';
import type { DeliveryRow } from './delivery-api';
import { useDeliveryAccess } from './delivery-access';
import { DeliveryEditor } from './delivery-editor';
import { failureText } from './save-failure';
import { deliveryIdOf, useDelivery } from './use-delivery';

function Loaded({ delivery, reload }: { delivery: DeliveryRow; reload: () => void }) {
  const access = useDeliveryAccess(delivery);
  return <DeliveryEditor delivery={delivery} access={access} reload={reload} />;
}

/**
 * `/delivery/{id}`: one delivery, editable when it is one of the user's units' (or for those
 * who manage deliveries), read-only with the NOTMINE message otherwise; 0 or less is blank.
 */
export function DeliveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = deliveryIdOf(useParams().id);
  const [loaded, reload] = useDelivery(id);

  if (loaded.status === 'loading') return <RouteLoading />;
  if (loaded.status === 'failed') {
    return (
      <Stack gap="md" maw={640}>
        <Alert color="red" title={t('DELIVERY.PAGE.NOT_LOADED')}>
          {failureText(loaded.error, t, '')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => navigate('/')}>
          {t('DELIVERY.PAGE.TO_DELIVERIES')}
        </Button>
      </Stack>
    );
  }
  // A reload starts the page afresh: the inputs and the change flag are the stored delivery's.
  return <Loaded key={loaded.loads} delivery={loaded.delivery} reload={reload} />;
}
