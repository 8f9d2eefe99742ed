import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Forecast } from '#metadata';
import { ForecastChart } from './forecast-chart';
import { forecastDays } from './forecast-days';
import { ForecastTable } from './forecast-table';
import type { LoadFailure } from './load-failure';
import { weatherFormat } from './locale';

interface ForecastPanelProps {
  siteId: number;
  /** The site's name while its forecast loads, when the list gave it. */
  siteName: string | null;
  forecast: Forecast | null;
  loading: boolean;
  failure: LoadFailure | null;
  onRetry: () => void;
  ref?: Ref<HTMLElement>;
}

function ForecastHeader({ forecast, name }: { forecast: Forecast; name: string }) {
  const { t, i18n } = useTranslation();
  const format = weatherFormat(i18n.language);
  const fetched = new Date(forecast.fetchedAt);
  const provider = t(`WEATHER.PROVIDER.${forecast.provider}`, { defaultValue: forecast.provider });
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center">
        <Title order={2} size="h3">
          {name}
        </Title>
        {forecast.simulated && (
          <Badge color="grape" variant="filled">
            {t('WEATHER.FORECAST.SIMULATED')}
          </Badge>
        )}
        {forecast.stale && (
          <Badge color="orange" variant="light">
            {t('WEATHER.FORECAST.STALE')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('WEATHER.FORECAST.PROVIDER', { provider })}
        {!Number.isNaN(fetched.getTime()) &&
          ` · ${t('WEATHER.FORECAST.FETCHED', { time: format.moment(fetched) })}`}
      </Text>
      {forecast.simulated && (
        <Text size="sm" c="grape.8">
          {t('WEATHER.FORECAST.SIMULATED_HINT')}
        </Text>
      )}
      {forecast.stale && (
        <Text size="sm" c="orange.9">
          {t('WEATHER.FORECAST.STALE_HINT')}
        </Text>
      )}
    </Stack>
  );
}

/** Days the table lists before the user asks for the rest. */
const firstDays = 2;

function ForecastBody({ forecast }: { forecast: Forecast }) {
  const { t } = useTranslation();
  const [allDays, setAllDays] = useState(false);
  const days = forecastDays(forecast.hours);
  if (days.length === 0) return <Text c="dimmed">{t('WEATHER.FORECAST.EMPTY')}</Text>;
  const more = days.length > firstDays;
  return (
    <>
      <section aria-label={t('WEATHER.CHART.LABEL')}>
        <ForecastChart days={days} />
      </section>
      <ForecastTable days={allDays || !more ? days : days.slice(0, firstDays)} />
      {more && (
        <Button variant="light" onClick={() => setAllDays((shown) => !shown)} mx="auto">
          {allDays
            ? t('WEATHER.TABLE.SHOW_FEWER', { count: firstDays })
            : t('WEATHER.TABLE.SHOW_ALL', { count: days.length })}
        </Button>
      )}
    </>
  );
}

/** Step 3: the chosen site's forecast, or why there is none. */
export function ForecastPanel(props: ForecastPanelProps) {
  const { t } = useTranslation();
  const { forecast, failure } = props;
  const name =
    forecast?.siteName ?? props.siteName ?? t('WEATHER.FORECAST.SITE', { id: props.siteId });

  return (
    <Paper
      ref={props.ref}
      component="section"
      // Clear of the shell's header when scrolled to.
      style={{ scrollMarginTop: 76 }}
      aria-label={t('WEATHER.FORECAST.LABEL', { site: name })}
      aria-busy={props.loading}
      withBorder
      p={{ base: 'sm', sm: 'md' }}
    >
      <Stack gap="md">
        {forecast ? (
          <ForecastHeader forecast={forecast} name={name} />
        ) : (
          <Title order={2} size="h3">
            {name}
          </Title>
        )}
        {props.loading && (
          <Group gap="xs" role="status" aria-label={t('WEATHER.FORECAST.LOADING')}>
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('WEATHER.FORECAST.LOADING')}
            </Text>
          </Group>
        )}
        {failure && (
          <Alert
            color={failure.key === 'WEATHER.FORECAST.NOT_FOUND' ? 'yellow' : 'red'}
            variant="light"
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t(failure.key)}</Text>
              {failure.retry && (
                <Button size="compact-sm" variant="light" color="gray" onClick={props.onRetry}>
                  {t('WEATHER.RETRY')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {forecast && <ForecastBody forecast={forecast} />}
      </Stack>
    </Paper>
  );
}
