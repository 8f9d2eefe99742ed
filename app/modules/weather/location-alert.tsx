import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocationProblem } from './use-device-location';

const keys = {
  denied: 'WEATHER.GEO.DENIED',
  unavailable: 'WEATHER.GEO.UNAVAILABLE',
  timeout: 'WEATHER.GEO.TIMEOUT',
  unsupported: 'WEATHER.GEO.UNSUPPORTED',
} as const satisfies Record<LocationProblem, string>;

/** Why the browser gave no location, and what to do instead. */
export function LocationAlert({
  problem,
  onClose,
}: {
  problem: LocationProblem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const key = keys[problem];
  return (
    <Alert
      color={problem === 'denied' || problem === 'unsupported' ? 'yellow' : 'orange'}
      variant="light"
      title={t(`${key}.TITLE`)}
      withCloseButton
      closeButtonLabel={t('DIALOG.CLOSE')}
      onClose={onClose}
    >
      {t(key)}
    </Alert>
  );
}
