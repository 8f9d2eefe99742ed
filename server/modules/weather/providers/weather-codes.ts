import { wmoWeatherTexts } from '#metadata';

export const unknownWeatherText = 'Unknown';

export function wmoWeatherText(code: number | null): string {
  return (code === null ? undefined : wmoWeatherTexts[code]) ?? unknownWeatherText;
}

/** A code from the provider, if it is a whole number; Open-Meteo may send `3.0` or `"3"`. */
export function wmoCodeOrNull(code: number | null): number | null {
  return code !== null && Number.isInteger(code) && code in wmoWeatherTexts ? code : null;
}

/**
 * Met Office significant weather codes (-1 trace rain, 0-30, 4 unused) to the nearest WMO
 * code. Day and night variants share one; "cloudy" and "overcast" are both WMO overcast.
 */
const metOfficeToWmo: Record<number, number> = {
  [-1]: 51,
  0: 0,
  1: 0,
  2: 2,
  3: 2,
  5: 10,
  6: 45,
  7: 3,
  8: 3,
  9: 80,
  10: 80,
  11: 53,
  12: 61,
  13: 81,
  14: 81,
  15: 65,
  16: 83,
  17: 83,
  18: 69,
  19: 89,
  20: 89,
  21: 90,
  22: 85,
  23: 85,
  24: 71,
  25: 86,
  26: 86,
  27: 75,
  28: 95,
  29: 95,
  30: 95,
};

export function wmoFromMetOffice(code: number | null): number | null {
  return (code === null ? undefined : metOfficeToWmo[code]) ?? null;
}

/** OpenWeatherMap condition ids (2xx-8xx) to the nearest WMO code. */
// prettier-ignore
const openWeatherMapToWmo: Record<number, number> = {
  300: 51, 301: 53, 302: 55, 310: 51, 311: 53, 312: 55, 313: 80, 314: 81, 321: 80,
  500: 61, 501: 63, 502: 65, 503: 65, 504: 65, 511: 66, 520: 80, 521: 81, 522: 82, 531: 81,
  600: 71, 601: 73, 602: 75, 611: 69, 612: 83, 613: 84, 615: 68, 616: 69, 620: 85, 621: 85,
  622: 86, 701: 10, 711: 5, 721: 5, 731: 5, 741: 45, 751: 5, 761: 5, 762: 5, 771: 18, 781: 19,
  800: 0, 801: 1, 802: 2, 803: 3, 804: 3,
};
/** Ids not listed, by their group: thunderstorm, drizzle, rain, snow, atmosphere, clouds. */
const openWeatherMapGroups: Record<number, number> = { 2: 95, 3: 53, 5: 61, 6: 71, 7: 45, 8: 3 };

export function wmoFromOpenWeatherMap(id: number | null): number | null {
  if (id === null || !Number.isInteger(id)) return null;
  return openWeatherMapToWmo[id] ?? openWeatherMapGroups[Math.floor(id / 100)] ?? null;
}
