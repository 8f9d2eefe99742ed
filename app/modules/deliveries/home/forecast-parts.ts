/** What the grid's forecast cell shows of a delivery's forecast. */
export interface ForecastParts {
  /** The WMO weather code, to draw the weather's picture; null on forecasts stored without it. */
  code: number | null;
  /** The server's text icon, shown where no code is known. */
  icon: string | null;
  /** The weather in words ("Partly cloudy"). */
  summary: string | null;
}

/**
 * The weather code, icon and words of a delivery's forecast HTML (built by our server from its
 * normalised forecast, every text escaped). Parsed, never inserted: only its text is used.
 */
export function forecastParts(html: unknown): ForecastParts {
  if (typeof html !== 'string' || html === '' || typeof DOMParser === 'undefined') {
    return { code: null, icon: null, summary: null };
  }
  const document = new DOMParser().parseFromString(html, 'text/html');
  const forecast = document.querySelector('.weather-forecast');
  const codeText = forecast?.getAttribute('data-weather-code') ?? '';
  const code = /^\d{1,3}$/.test(codeText) ? Number(codeText) : null;
  const icon = document.querySelector('.weather-icon')?.textContent?.trim() || null;
  // The title says "Partly cloudy, 7 °C, wind 24 km/h": the cell says the numbers itself.
  const summary = (forecast?.getAttribute('title') ?? '').split(',')[0]?.trim() || null;
  return { code, icon, summary };
}
