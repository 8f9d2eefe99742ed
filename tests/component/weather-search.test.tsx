import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellLayout } from '../../app/shell/shell-layout';
import {
  weatherMessages,
  type Forecast,
  type ForecastHour,
  type Geolocation,
  type WeatherSite,
} from '#metadata';
import { fakeApi } from '../support/fake-api';
import { openAppAt } from '../support/open-app';
import { shellHandlers, signInAsStaff } from '../support/signed-in-shell';
import { sizeCharts } from '../support/size-charts';

const paths = {
  postcode: '/api/WeatherForecast/GetGeolocationByPostcode',
  nearest: '/api/WeatherForecast/GetNNearest',
  forecast: '/api/WeatherForecast/GetWeatherForecast',
};

const westminster: Geolocation = {
  postcode: 'SW1A 1AA',
  latitude: 51.501,
  longitude: -0.1416,
  precision: 'postcode',
  source: 'postcodes.io',
};

const londonSites: WeatherSite[] = [
  { id: 11, name: 'London', latitude: 51.5072, longitude: -0.1276, distance: 1.24 },
  { id: 12, name: 'Croydon', latitude: 51.3762, longitude: -0.0982, distance: 14.2 },
  { id: 13, name: 'Watford', latitude: 51.6565, longitude: -0.3903, distance: 24.8 },
];
const edinburghSites: WeatherSite[] = [
  { id: 21, name: 'Edinburgh', latitude: 55.9533, longitude: -3.1883, distance: 0.2 },
  { id: 22, name: 'Livingston', latitude: 55.8865, longitude: -3.5231, distance: 22.3 },
];

/** Hours from 22:00 local time on 23 November 2026, so the forecast spans two local days. */
function hours(count: number): ForecastHour[] {
  return Array.from({ length: count }, (_, index) => ({
    time: new Date(2026, 10, 23, 22 + index).toISOString(),
    airTemperature: 6.5 + index / 10,
    windSpeedKmh: 14,
    windGustKmh: index === 0 ? null : 25,
    windDirection: 225,
    cloudCoverPercent: 80,
    shortwaveRadiation: 0,
    precipitationProbability: 40,
    precipitationMm: 0.3,
    weatherCode: 61,
    weatherText: 'Slight rain',
  }));
}

function forecastFor(site: WeatherSite, overrides: Partial<Forecast> = {}): Forecast {
  return {
    siteId: site.id,
    siteName: site.name,
    latitude: site.latitude,
    longitude: site.longitude,
    provider: 'simulated',
    simulated: true,
    fetchedAt: new Date(2026, 10, 23, 21, 30).toISOString(),
    stale: false,
    hours: hours(4),
    ...overrides,
  };
}

const allSites = [...londonSites, ...edinburghSites];
const invalidPostcode = () =>
  Response.json(
    {
      Message: weatherMessages.invalidPostcode,
      Errors: [{ Field: 'postcode', Message: weatherMessages.invalidPostcode }],
    },
    { status: 404 },
  );

let api: ReturnType<typeof fakeApi>;
let forecastAnswer: (site: WeatherSite) => unknown;
let postcodeAnswer: (postcode: string) => unknown;

beforeEach(() => {
  sizeCharts();
  forecastAnswer = (site) => forecastFor(site);
  postcodeAnswer = (postcode) =>
    postcode.replace(/\s/g, '').toUpperCase() === 'SW1A1AA' ? westminster : invalidPostcode();
  api = fakeApi({
    [`GET ${paths.postcode}`]: (_body, _path, url) =>
      postcodeAnswer(url.searchParams.get('postcode') ?? ''),
    [`GET ${paths.nearest}`]: (_body, _path, url) =>
      Number(url.searchParams.get('latitude')) > 54 ? edinburghSites : londonSites,
    [`GET ${paths.forecast}`]: (_body, _path, url) => {
      const site = allSites.find((each) => each.id === Number(url.searchParams.get('siteId')));
      return site
        ? forecastAnswer(site)
        : Response.json({ Message: weatherMessages.forecastNotFound }, { status: 404 });
    },
    ...shellHandlers,
  });
  vi.stubGlobal('fetch', api.fetch);
  signInAsStaff();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for the browser's geolocation: answers each request with `answer`. */
function fakeGeolocation(
  answer: (
    success: PositionCallback,
    failure: PositionErrorCallback,
    options?: PositionOptions,
  ) => void,
) {
  const getCurrentPosition = vi.fn(answer);
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
  });
  return getCurrentPosition;
}

const at = (latitude: number, longitude: number) =>
  ({ coords: { latitude, longitude, accuracy: 30 }, timestamp: Date.now() }) as GeolocationPosition;
const failure = (code: number) => ({ code, message: 'no' }) as GeolocationPositionError;

const postcodeField = () => screen.getByRole('textbox', { name: 'Postcode' });
const sitesList = () =>
  screen.findByRole('radiogroup', { name: 'Choose a site to see its forecast.' });
const queried = (path: string) =>
  api.requests
    .filter((request) => request.path.toLowerCase() === path.toLowerCase())
    .map((request) => request);

async function openSearch(url = '/weather') {
  const router = openAppAt(url);
  expect(await screen.findByRole('heading', { level: 1, name: 'Weather forecast' })).toBeVisible();
  return { router, user: userEvent.setup() };
}

async function searchPostcode(user: ReturnType<typeof userEvent.setup>, postcode: string) {
  await user.type(postcodeField(), postcode);
  await user.click(screen.getByRole('button', { name: 'Find sites' }));
}

describe('weather search', () => {
  it('is in the main menu for any signed-in user', async () => {
    openAppAt('/', { layout: ShellLayout });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.setup().click(await within(menu).findByRole('link', { name: 'Weather' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Weather forecast' }),
    ).toBeVisible();
  });

  it('finds the sites nearest a postcode and shows the chosen site’s forecast', async () => {
    const { router, user } = await openSearch();

    await searchPostcode(user, 'SW1A 1AA');

    const list = await sitesList();
    const options = within(list).getAllByRole('radio');
    expect(options.map((option) => option.textContent)).toEqual([
      'London1.2 km',
      'Croydon14.2 km',
      'Watford24.8 km',
    ]);
    expect(screen.getByText('Near SW1A 1AA')).toBeVisible();
    const nearest = api.requests.find((request) => request.path === paths.nearest);
    expect(nearest).toBeDefined();
    expect(router.state.location.search).toBe('?postcode=SW1A+1AA');

    await user.click(within(list).getByRole('radio', { name: /Croydon/ }));

    const forecast = await screen.findByRole('region', { name: 'Forecast for Croydon' });
    expect(within(list).getByRole('radio', { name: /Croydon/ })).toBeChecked();
    expect(router.state.location.search).toBe('?postcode=SW1A+1AA&siteId=12');
    expect(await within(forecast).findByText('Simulated forecast')).toBeVisible();
    expect(within(forecast).getByText(/^Source: Simulated \(offline\) · Updated/)).toBeVisible();
    const table = within(forecast).getByRole('table', { name: 'Hourly forecast' });
    expect(within(table).getByText('Monday 23 November')).toBeVisible();
    expect(within(table).getByText('Tuesday 24 November')).toBeVisible();
    const rows = within(table)
      .getAllByRole('row')
      .filter((row) => row.querySelector('time'));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent(/^22:00Slight rain6\.514–SW80400\.3$/);
    expect(rows[1]).toHaveTextContent(/^23:00Slight rain6\.61425SW80400\.3$/);
    expect(rows[2]).toHaveTextContent(/^00:00/);
    expect(within(forecast).queryByText('May be out of date')).toBeNull();
    const chart = within(forecast).getByRole('region', {
      name: 'Temperature, wind and chance of rain',
    });
    await waitFor(() => expect(chart.querySelectorAll('.recharts-line-curve')).toHaveLength(2));
    expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(4);
  });

  it('submits the postcode with Enter', async () => {
    const { user } = await openSearch();

    await user.type(postcodeField(), 'sw1a1aa{Enter}');

    expect(await sitesList()).toBeVisible();
    expect(queried(paths.postcode)).toHaveLength(1);
  });

  it('says at the field when the postcode is invalid, and looks no sites up', async () => {
    const { user } = await openSearch();

    await searchPostcode(user, 'ZZ99 9ZZ');

    await waitFor(() => expect(postcodeField()).toHaveAccessibleDescription('Invalid postcode'));
    expect(postcodeField()).toHaveAttribute('aria-invalid', 'true');
    expect(queried(paths.nearest)).toHaveLength(0);
    expect(screen.queryByRole('radiogroup')).toBeNull();

    await user.type(postcodeField(), 'X');
    expect(postcodeField()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says when a postcode is only known to its area', async () => {
    postcodeAnswer = () => ({
      ...westminster,
      postcode: 'SW',
      precision: 'area',
      source: 'offline',
    });
    const { user } = await openSearch();

    await searchPostcode(user, 'SW');

    await sitesList();
    expect(screen.getByText(/^Near SW \(approximate: postcode area\)/)).toBeVisible();
  });

  it('lists the sites nearest the device’s location', async () => {
    const getCurrentPosition = fakeGeolocation((success) => success(at(55.9521, -3.19)));
    const { user } = await openSearch();

    await user.click(screen.getByRole('button', { name: 'Use my location' }));

    const list = await sitesList();
    expect(within(list).getAllByRole('radio')[0]).toHaveAccessibleName(/^Edinburgh/);
    expect(screen.getByText('Near your location')).toBeVisible();
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ timeout: expect.any(Number) });
    const url = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((each) => each.pathname === paths.nearest);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      latitude: '55.9521',
      longitude: '-3.19',
      n: '6',
    });
  });

  it.each([
    [1, 'Location not shared', 'did not allow this page to use your location'],
    [2, 'Location unavailable', 'could not be determined'],
    [3, 'Location took too long', 'took too long'],
  ])('alerts when the browser answers error %i', async (code, title, text) => {
    fakeGeolocation((_success, fail) => fail?.(failure(code)));
    const { user } = await openSearch();

    await user.click(screen.getByRole('button', { name: 'Use my location' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(text);
    expect(screen.queryByRole('radiogroup')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('alerts when the browser cannot locate at all', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    const { user } = await openSearch();

    await user.click(screen.getByRole('button', { name: 'Use my location' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This browser cannot share your location. Search by postcode instead.',
    );
  });

  it('says when the chosen site has no forecast at the moment', async () => {
    forecastAnswer = () =>
      Response.json({ Message: weatherMessages.forecastNotFound }, { status: 404 });
    const { user } = await openSearch();
    await searchPostcode(user, 'SW1A 1AA');

    await user.click(within(await sitesList()).getByRole('radio', { name: /London/ }));

    const forecast = await screen.findByRole('region', { name: 'Forecast for London' });
    expect(await within(forecast).findByRole('alert')).toHaveTextContent(
      weatherMessages.forecastNotFound,
    );
    expect(within(forecast).queryByRole('table')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a site’s forecast from ?siteId=, and marks a stale one', async () => {
    forecastAnswer = (site) =>
      forecastFor(site, { stale: true, simulated: false, provider: 'open-meteo' });
    await openSearch('/weather?siteId=21');

    const forecast = await screen.findByRole('region', { name: 'Forecast for Edinburgh' });
    expect(await within(forecast).findByText('May be out of date')).toBeVisible();
    expect(within(forecast).queryByText('Simulated forecast')).toBeNull();
    expect(within(forecast).getByRole('table', { name: 'Hourly forecast' })).toBeVisible();
    expect(queried(paths.postcode)).toHaveLength(0);
    expect(queried(paths.nearest)).toHaveLength(0);
  });

  it('searches the postcode of ?postcode= at once, keeping the site of ?siteId=', async () => {
    await openSearch('/weather?postcode=SW1A%201AA&siteId=13');

    const list = await sitesList();
    expect(postcodeField()).toHaveValue('SW1A 1AA');
    await waitFor(() => expect(within(list).getByRole('radio', { name: /Watford/ })).toBeChecked());
    expect(await screen.findByRole('region', { name: 'Forecast for Watford' })).toBeVisible();
  });
});
