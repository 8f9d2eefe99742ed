import { describe, expect, it } from 'vitest';
import {
  createWeatherProvider,
  MetOfficeProvider,
  OpenMeteoProvider,
  OpenWeatherMapProvider,
  ProviderConfigurationError,
  SimulatedProvider,
} from '../../server/modules/weather/providers/index';
import {
  wmoFromMetOffice,
  wmoFromOpenWeatherMap,
  wmoWeatherText,
} from '../../server/modules/weather/providers/weather-codes';

const london = { latitude: 51.5074, longitude: -0.1278 };
const aberdeen = { latitude: 57.1497, longitude: -2.0943 };
const at = (iso: string) => () => new Date(iso);

describe('simulated provider', () => {
  it('gives 168 hours from the start of the current hour, labelled simulated', async () => {
    const provider = new SimulatedProvider({ now: at('2025-03-12T09:41:17Z') });
    const hours = await provider.forecast(london);
    expect(provider).toMatchObject({ name: 'simulated', simulated: true });
    expect(hours).toHaveLength(168);
    expect(hours[0]?.time).toBe('2025-03-12T09:00:00.000Z');
    expect(hours[167]?.time).toBe('2025-03-19T08:00:00.000Z');
  });

  it('is deterministic: same place and hour, same weather, whenever it is asked', async () => {
    const first = await new SimulatedProvider({ now: at('2025-03-12T09:00Z') }).forecast(london);
    const again = await new SimulatedProvider({ now: at('2025-03-12T09:59Z') }).forecast(london);
    const later = await new SimulatedProvider({ now: at('2025-03-13T09:00Z') }).forecast(london);
    expect(again).toEqual(first);
    expect(later.slice(0, 24)).toEqual(first.slice(24, 48));
    const elsewhere = await new SimulatedProvider({ now: at('2025-03-12T09:00Z') }).forecast(
      aberdeen,
    );
    expect(elsewhere).not.toEqual(first);
  });

  it('stays within plausible UK ranges all year', async () => {
    for (let month = 0; month < 12; month += 1) {
      const now = at(new Date(Date.UTC(2025, month, 15)).toISOString());
      for (const place of [london, aberdeen, { latitude: 50.12, longitude: -5.54 }]) {
        for (const hour of await new SimulatedProvider({ now }).forecast(place)) {
          expect(hour.airTemperature).toBeGreaterThan(-15);
          expect(hour.airTemperature).toBeLessThan(35);
          expect(hour.windSpeedKmh).toBeGreaterThanOrEqual(0);
          expect(hour.windSpeedKmh).toBeLessThan(120);
          expect(hour.windGustKmh).toBeGreaterThanOrEqual(hour.windSpeedKmh);
          expect(hour.cloudCoverPercent).toBeGreaterThanOrEqual(0);
          expect(hour.cloudCoverPercent).toBeLessThanOrEqual(100);
          expect(hour.shortwaveRadiation).toBeGreaterThanOrEqual(0);
          expect(hour.shortwaveRadiation).toBeLessThan(1000);
          expect(hour.weatherText).toBe(wmoWeatherText(hour.weatherCode));
        }
      }
    }
  });

  it('is warmer on a July afternoon in London than on a January night in Aberdeen', async () => {
    for (let day = 1; day <= 28; day += 3) {
      const july = await new SimulatedProvider({
        now: at(`2025-07-${String(day).padStart(2, '0')}T14:00Z`),
      }).forecast(london);
      const january = await new SimulatedProvider({
        now: at(`2025-01-${String(day).padStart(2, '0')}T03:00Z`),
      }).forecast(aberdeen);
      expect(july[0]!.airTemperature).toBeGreaterThan(january[0]!.airTemperature + 8);
    }
  });

  it('has sunshine by day only, and some showers over a week', async () => {
    const hours = await new SimulatedProvider({ now: at('2025-10-01T00:00Z') }).forecast(aberdeen);
    expect(hours[0]?.shortwaveRadiation).toBe(0);
    expect(hours[12]?.shortwaveRadiation).toBeGreaterThan(0);
    const wet = hours.filter((hour) => (hour.precipitationMm ?? 0) > 0);
    expect(wet.length).toBeGreaterThan(0);
    expect(wet.length).toBeLessThan(84);
  });
});

describe('choosing a provider', () => {
  it('builds the adapter the configuration names', () => {
    const config = { baseUrl: 'http://127.0.0.1:1', apiKey: 'key' };
    expect(createWeatherProvider({ ...config, provider: 'open-meteo' })).toBeInstanceOf(
      OpenMeteoProvider,
    );
    expect(createWeatherProvider({ ...config, provider: 'met-office' })).toBeInstanceOf(
      MetOfficeProvider,
    );
    expect(createWeatherProvider({ ...config, provider: 'openweathermap' })).toBeInstanceOf(
      OpenWeatherMapProvider,
    );
    expect(createWeatherProvider({ provider: 'simulated' })).toBeInstanceOf(SimulatedProvider);
    expect(createWeatherProvider({ provider: 'open-meteo' })).toBeInstanceOf(OpenMeteoProvider);
  });

  it.each(['met-office', 'openweathermap'] as const)('refuses %s without a key', (provider) => {
    for (const apiKey of [undefined, '', '  ']) {
      expect(() => createWeatherProvider({ provider, apiKey })).toThrow(ProviderConfigurationError);
      expect(() => createWeatherProvider({ provider, apiKey })).toThrow(/needs an API key/);
    }
  });

  it('refuses an unknown provider', () => {
    const config = { provider: 'darksky' } as unknown as Parameters<
      typeof createWeatherProvider
    >[0];
    expect(() => createWeatherProvider(config)).toThrow(/Unknown weather provider 'darksky'/);
  });
});

describe('weather codes', () => {
  it('maps every Met Office significant weather code but the unused 4', () => {
    for (let code = -1; code <= 30; code += 1) {
      const wmo = wmoFromMetOffice(code);
      if (code === 4) expect(wmo).toBeNull();
      else expect(wmoWeatherText(wmo)).not.toBe('Unknown');
    }
    expect([1, 6, 12, 18, 24, 30].map(wmoFromMetOffice)).toEqual([0, 45, 61, 69, 71, 95]);
  });

  it('maps OpenWeatherMap condition ids, unlisted ones by their group', () => {
    expect([800, 804, 500, 511, 611, 741, 202].map(wmoFromOpenWeatherMap)).toEqual([
      0, 3, 61, 66, 69, 45, 95,
    ]);
    expect(wmoFromOpenWeatherMap(599)).toBe(61);
    expect(wmoFromOpenWeatherMap(999)).toBeNull();
    expect(wmoFromOpenWeatherMap(null)).toBeNull();
  });
});
