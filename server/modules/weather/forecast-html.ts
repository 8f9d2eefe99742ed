import type { ForecastHour } from '#metadata';

/** Icons by WMO code group; the text beside them says the same in words. */
const icons: { upTo: number; icon: string }[] = [
  { upTo: 1, icon: '☀️' },
  { upTo: 2, icon: '⛅' },
  { upTo: 3, icon: '☁️' },
  { upTo: 49, icon: '🌫️' },
  { upTo: 59, icon: '🌦️' },
  { upTo: 69, icon: '🌧️' },
  { upTo: 79, icon: '🌨️' },
  { upTo: 82, icon: '🌦️' },
  { upTo: 90, icon: '🌨️' },
  { upTo: 99, icon: '⛈️' },
];

export function weatherIcon(code: number | null): string {
  if (code === null || code < 0) return '❔';
  return icons.find((group) => code <= group.upTo)?.icon ?? '❔';
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

/** The WMO code, for a browser that draws its own picture of the weather. */
const codeAttribute = (code: number | null) =>
  code !== null && Number.isInteger(code) && code >= 0 ? ` data-weather-code="${code}"` : '';

const whole = (value: number) => (Number.isFinite(value) ? String(Math.round(value) || 0) : '–');

/**
 * The grid's forecast cell (`WeatherForecastAsHtml`): an icon, the temperature and the wind,
 * with the weather in words as the title and the WMO code as `data-weather-code`. Built from
 * our normalised hour only, every text escaped: no provider HTML ever reaches the page.
 *
 * @example forecastHtml(hour) // '<span class="weather-forecast" title="Partly cloudy, 7 °C, wind 24 km/h">…'
 */
export function forecastHtml(hour: ForecastHour): string {
  const temperature = `${whole(hour.airTemperature)} °C`;
  const wind = `${whole(hour.windSpeedKmh)} km/h`;
  const gusts = hour.windGustKmh === null ? '' : `, gusts ${whole(hour.windGustKmh)} km/h`;
  const title = `${hour.weatherText}, ${temperature}, wind ${wind}${gusts}`;
  return (
    `<span class="weather-forecast" title="${escapeHtml(title)}"${codeAttribute(hour.weatherCode)}>` +
    `<span class="weather-icon" aria-hidden="true">${weatherIcon(hour.weatherCode)}</span> ` +
    `<span class="weather-temperature">${escapeHtml(temperature)}</span> ` +
    `<span class="weather-wind">${escapeHtml(wind)}</span>` +
    `</span>`
  );
}
