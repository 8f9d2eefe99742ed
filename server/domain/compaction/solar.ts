const degrees = Math.PI / 180;
const msPerDay = 86_400_000;
const solarConstant = 1377;
const eccentricity = 0.0167;
/** Days from 1 January to the perihelion, where the sun is nearest. */
const perihelionDay = 3;

export interface SunPosition {
  cosZenith: number;
  /** Clear-sky flux on a horizontal surface, W/m2. */
  clearSkyFlux: number;
}

function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / msPerDay) + 1;
}

/**
 * The sun over a place (degrees, east positive) from a UTC instant on. Declination, equation of
 * time and earth-sun distance are taken once, at the start: over a few hours they move less
 * than the hourly forecast is accurate. The hour angle follows the elapsed minutes.
 */
export function sunTrack(
  latitude: number,
  longitude: number,
  start: Date,
): (elapsedMinutes: number) => SunPosition {
  const day = dayOfYear(start);
  const utcMinutes = (((start.getTime() % msPerDay) + msPerDay) % msPerDay) / 60_000;
  // NOAA's Fourier series in the fractional year g.
  const g = ((2 * Math.PI) / 365) * (day - 1 + (utcMinutes / 60 - 12) / 24);
  const declination =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const equationOfTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const theta = ((2 * Math.PI) / 365) * (day - perihelionDay);
  const distance = (1 + eccentricity * Math.cos(theta)) ** 2 / (1 - eccentricity ** 2);
  const phi = latitude * degrees;
  const sinSin = Math.sin(phi) * Math.sin(declination);
  const cosCos = Math.cos(phi) * Math.cos(declination);
  // Solar time: 4 min per degree of longitude, plus the equation of time.
  const solarStart = utcMinutes + equationOfTime + 4 * longitude;
  return (elapsedMinutes) => {
    const hourAngle = ((solarStart + elapsedMinutes) / 4 - 180) * degrees;
    const cosZenith = sinSin + cosCos * Math.cos(hourAngle);
    const extraterrestrial = solarConstant * cosZenith * distance;
    const clearSkyFlux = cosZenith > 0 ? Math.max(0, 0.828 * extraterrestrial - 47.4) : 0;
    return { cosZenith, clearSkyFlux };
  };
}

/** Cosine of the solar zenith angle at a place (degrees, east positive) and UTC instant. */
export function cosZenith(latitude: number, longitude: number, date: Date): number {
  return sunTrack(latitude, longitude, date)(0).cosZenith;
}

/**
 * Clear-sky solar flux on a horizontal surface, W/m2 (PaveCool):
 * S = 0.828 I - 47.4, floored at 0, with I = 1377 cos Z (1 + 0.0167 cos theta)^2 / (1 - 0.0167^2)
 * and theta the earth's angle from the perihelion.
 *
 * @example clearSkySolarFlux(51.5, 0, new Date('2025-06-21T12:00:00Z')) // about 930
 */
export function clearSkySolarFlux(latitude: number, longitude: number, date: Date): number {
  return sunTrack(latitude, longitude, date)(0).clearSkyFlux;
}
