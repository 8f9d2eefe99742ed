import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Geolocation, WeatherSite } from '#metadata';
import { ForecastPanel } from './forecast-panel';
import { SearchPanel } from './search-panel';
import type { SearchOrigin } from './search-origin';
import { SiteList } from './site-list';
import { useDeviceLocation, type DevicePoint } from './use-device-location';
import { useForecast } from './use-forecast';
import { useNearestSites } from './use-nearest-sites';
import { usePostcodeLookup } from './use-postcode-lookup';

function siteIdOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The page's URL query: the postcode searched (a device's location is not kept) and the site. */
function searchFor(origin: SearchOrigin | null, siteId: number | null): URLSearchParams {
  const search = new URLSearchParams();
  if (origin?.kind === 'postcode') search.set('postcode', origin.location.postcode);
  if (siteId !== null) search.set('siteId', String(siteId));
  return search;
}

/**
 * Weather forecast search: a postcode or the device's location, the nearest forecast sites,
 * and the chosen site's forecast. `?postcode=` searches at once; `?siteId=` opens a forecast.
 */
export function WeatherSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const siteId = siteIdOf(params.get('siteId'));
  const [initialPostcode] = useState(() => params.get('postcode') ?? '');
  const [initialSiteId] = useState(siteId);
  const [origin, setOrigin] = useState<SearchOrigin | null>(null);
  const [chosen, setChosen] = useState<WeatherSite | null>(null);

  const nearest = useNearestSites(origin);
  const forecast = useForecast(siteId);
  const postcode = usePostcodeLookup();

  const showSites = useCallback(
    (next: SearchOrigin, site: number | null) => {
      setOrigin(next);
      setParams(searchFor(next, site), { replace: true });
    },
    [setParams],
  );

  const device = useDeviceLocation(
    useCallback(
      (point: DevicePoint) => {
        postcode.clearError();
        showSites({ kind: 'device', point }, null);
      },
      [postcode, showSites],
    ),
  );

  const searchPostcode = useCallback(
    async (text: string, site: number | null) => {
      device.dismiss();
      const location: Geolocation | null = await postcode.lookup(text);
      if (location) showSites({ kind: 'postcode', location }, site);
    },
    [device, postcode, showSites],
  );

  useEffect(() => {
    if (initialPostcode) void searchPostcode(initialPostcode, initialSiteId);
    // Only the postcode the page was opened with is searched by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialPostcode]);

  const forecastPanel = useRef<HTMLElement>(null);
  const revealSite = useRef<number | null>(null);
  useEffect(() => {
    const panel = forecastPanel.current;
    // Once the forecast is there: before, the page may be too short to bring the panel up.
    if (siteId === null || revealSite.current !== siteId || !panel || forecast.loading) return;
    revealSite.current = null;
    // On a narrow screen the forecast opens below the list, out of sight.
    if (panel.getBoundingClientRect().top > window.innerHeight - 120) {
      panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [siteId, forecast.loading]);

  const select = (site: WeatherSite, byPointer: boolean) => {
    setChosen(site);
    revealSite.current = byPointer ? site.id : null;
    setParams(searchFor(origin, site.id), { replace: true });
  };

  const listed = nearest.sites?.find((site) => site.id === siteId) ?? null;
  const siteName = (chosen?.id === siteId ? chosen.name : listed?.name) ?? null;

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={4}>
        <Title order={1}>{t('WEATHER.HEADING')}</Title>
        <Text c="dimmed" maw={760}>
          {t('WEATHER.INTRO')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <SearchPanel
          initialPostcode={initialPostcode}
          postcodeError={postcode.error}
          looking={postcode.looking}
          onPostcode={(text) => void searchPostcode(text, null)}
          onPostcodeEdited={postcode.clearError}
          locating={device.locating}
          locationProblem={device.problem}
          onLocate={device.locate}
          onDismissLocation={device.dismiss}
        />
        {origin && (
          <SiteList
            origin={origin}
            sites={nearest.sites}
            loading={nearest.loading}
            failure={nearest.failure}
            onRetry={nearest.retry}
            selected={siteId}
            onSelect={select}
          />
        )}
      </SimpleGrid>
      {siteId !== null && (
        <ForecastPanel
          ref={forecastPanel}
          siteId={siteId}
          siteName={siteName}
          forecast={forecast.forecast}
          loading={forecast.loading}
          failure={forecast.failure}
          onRetry={forecast.retry}
        />
      )}
    </Stack>
  );
}
