import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeatherSite } from '#metadata';
import type { LoadFailure } from './load-failure';
import { weatherFormat } from './locale';
import { OriginSummary } from './origin-summary';
import type { SearchOrigin } from './search-origin';

interface SiteListProps {
  origin: SearchOrigin;
  sites: WeatherSite[] | null;
  loading: boolean;
  failure: LoadFailure | null;
  onRetry: () => void;
  selected: number | null;
  /** `byPointer` when clicked or tapped, rather than chosen with the keyboard. */
  onSelect: (site: WeatherSite, byPointer: boolean) => void;
}

/** Step 2: the nearest forecast sites, nearest first, one of them chosen. */
export function SiteList(props: SiteListProps) {
  const { t, i18n } = useTranslation();
  const format = weatherFormat(i18n.language);
  const { sites } = props;
  // A click from the keyboard (Space, arrows) has no pointer position: detail is 0.
  const byPointer = useRef(false);

  return (
    <Paper component="section" aria-labelledby="weather-sites-title" withBorder p="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="weather-sites-title">
            {t('WEATHER.SITES.TITLE')}
          </Title>
          <OriginSummary origin={props.origin} />
        </Stack>
        {props.loading && (
          <Group gap="xs" role="status" aria-label={t('WEATHER.SITES.LOADING')}>
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('WEATHER.SITES.LOADING')}
            </Text>
          </Group>
        )}
        {props.failure && (
          <Alert color="red" variant="light">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t(props.failure.key)}</Text>
              {props.failure.retry && (
                <Button size="compact-sm" variant="light" color="red" onClick={props.onRetry}>
                  {t('WEATHER.RETRY')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {sites?.length === 0 && <Text size="sm">{t('WEATHER.SITES.NONE')}</Text>}
        {sites && sites.length > 0 && (
          <Radio.Group
            name="weather-site"
            label={t('WEATHER.SITES.CHOOSE')}
            value={props.selected === null ? null : String(props.selected)}
            onChange={(value) => {
              const site = sites.find((candidate) => String(candidate.id) === value);
              if (site) props.onSelect(site, byPointer.current);
            }}
          >
            <Stack gap={6} mt="xs">
              {sites.map((site) => (
                <Radio.Card
                  key={site.id}
                  value={String(site.id)}
                  radius="md"
                  px="sm"
                  py={10}
                  onClick={(event) => (byPointer.current = event.detail > 0)}
                >
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator size="sm" />
                    <Text fw={500} flex={1} miw={0} truncate>
                      {site.name}
                    </Text>
                    {site.distance !== undefined && (
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('WEATHER.DISTANCE_KM', { distance: format.distance(site.distance) })}
                      </Text>
                    )}
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Paper>
  );
}
