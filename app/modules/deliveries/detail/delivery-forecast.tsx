import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WhatIfAnswer } from './delivery-api';
import { deliveryFormat } from './delivery-format';
import { stateForecastOf } from './state-inputs';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

const known = (value: unknown): value is number => typeof value === 'number';

/** The forecast at the delivery's site and hour, as its state was computed with, and the full one. */
export function DeliveryForecast({ delivery }: { delivery: WhatIfAnswer }) {
  const { t, i18n } = useTranslation();
  const format = deliveryFormat(i18n.language);
  const forecast = stateForecastOf(delivery);
  const air = forecast?.airTemperature ?? delivery.WeatherForecastTemperature;
  const wind = forecast?.windSpeedKmh ?? delivery.WindSpeed;
  const site = delivery.WeatherSiteName;
  const facts: { label: string; value: string }[] = [];
  if (known(air)) {
    facts.push({ label: t('DELIVERY.FORECAST.AIR'), value: `${format.tenths(air)} °C` });
  }
  if (known(wind)) {
    facts.push({ label: t('DELIVERY.FORECAST.WIND'), value: `${format.tenths(wind)} km/h` });
  }
  if (forecast) {
    facts.push({
      label: t('DELIVERY.FORECAST.CLOUD'),
      value: `${format.tenths(forecast.cloudCoverPercent)} %`,
    });
    if (known(forecast.precipitationMm)) {
      const chance = known(forecast.precipitationProbability)
        ? t('DELIVERY.FORECAST.RAIN_CHANCE', {
            percent: format.tenths(forecast.precipitationProbability),
          })
        : '';
      facts.push({
        label: t('DELIVERY.FORECAST.RAIN'),
        value: `${format.tenths(forecast.precipitationMm)} mm${chance}`,
      });
    }
  }

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('DELIVERY.FORECAST.TITLE')}
      </Title>
      {site && (
        <Text size="sm">
          {known(delivery.WeatherSiteDistanceKm)
            ? t('DELIVERY.FORECAST.SITE_DISTANCE', {
                site,
                distance: format.tenths(delivery.WeatherSiteDistanceKm),
              })
            : site}
          {delivery.StartTime0 &&
            ` · ${t('DELIVERY.FORECAST.FOR', { time: format.moment(delivery.StartTime0) })}`}
        </Text>
      )}
      {facts.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {facts.map((fact) => (
            <Fact key={fact.label} {...fact} />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t('DELIVERY.FORECAST.NONE')}</Text>
      )}
      {delivery.StateForecastFetchedAt && (
        <Text size="xs" c="dimmed">
          {t('DELIVERY.FORECAST.FETCHED', { time: format.moment(delivery.StateForecastFetchedAt) })}
        </Text>
      )}
      {known(delivery.WeatherSiteId) && (
        <Anchor component={Link} to={`/weather?siteId=${delivery.WeatherSiteId}`} size="sm">
          {t('DELIVERY.FORECAST.OPEN', { site: site ?? '' })}
        </Anchor>
      )}
    </Stack>
  );
}
