/**
 * The icon and the weather in words of a delivery's forecast HTML (built by our server from
 * its normalised forecast, every text escaped). Parsed, never inserted: only its text is used.
 */
export function forecastParts(html: unknown): { icon: string | null; summary: string | null } {
  if (typeof html !== 'string' || html === '' || typeof DOMParser === 'undefined') {
    return { icon: null, summary: null };
  }
  const document = new DOMParser().parseFromString(html, 'text/html');
  const icon = document.querySelector('.weather-icon')?.textContent?.trim() || null;
  const title = document.querySelector('.weather-forecast')?.getAttribute('title') ?? '';
  // The title says "Partly cloudy, 7 °C, wind 24 km/h": the cell says the numbers itself.
  const summary = title.split(',')[0]?.trim() || null;
  return { icon, summary };
}
