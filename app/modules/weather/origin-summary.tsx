import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { weatherFormat } from './locale';
import type { SearchOrigin } from './search-origin';

const postcodeKeys = {
  postcode: 'WEATHER.SITES.NEAR_POSTCODE',
  outcode: 'WEATHER.SITES.NEAR_POSTCODE_DISTRICT',
  area: 'WEATHER.SITES.NEAR_POSTCODE_AREA',
} as const;

/** Where the distances are measured from, and how closely that point is known. */
export function OriginSummary({ origin }: { origin: SearchOrigin }) {
  const { t, i18n } = useTranslation();
  if (origin.kind === 'postcode') {
    const { postcode, precision, source } = origin.location;
    return (
      <>
        <Text size="sm" c="dimmed">
          {t(postcodeKeys[precision], { postcode })}
        </Text>
        {source === 'offline' && (
          <Text size="xs" c="dimmed">
            {t('WEATHER.SITES.OFFLINE')}
          </Text>
        )}
      </>
    );
  }
  const { accuracy } = origin.point;
  const format = weatherFormat(i18n.language);
  // A fix within a few hundred metres adds nothing to a list of sites kilometres apart.
  const vague = accuracy !== null && accuracy > 1000;
  return (
    <Text size="sm" c="dimmed">
      {vague
        ? t('WEATHER.SITES.NEAR_DEVICE_ACCURACY', {
            distance: t('WEATHER.DISTANCE_KM', { distance: format.distance(accuracy / 1000) }),
          })
        : t('WEATHER.SITES.NEAR_DEVICE')}
    </Text>
  );
}
