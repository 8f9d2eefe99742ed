/** Unit conversions, applied once, in the adapter that knows the provider's units. */

export const kmhPerMph = 1.609344;
export const kmhPerMetrePerSecond = 3.6;
export const kmhPerKnot = 1.852;

const kmhPer: Record<string, number> = {
  'km/h': 1,
  kmh: 1,
  mph: kmhPerMph,
  'mp/h': kmhPerMph,
  'm/s': kmhPerMetrePerSecond,
  ms: kmhPerMetrePerSecond,
  kn: kmhPerKnot,
};

/** Drops binary noise (4.55 × 3.6 = 16.380000000000003), keeping 12 significant digits. */
export function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** km/h per unit of a speed unit as providers write it (`km/h`, `mph`, `m/s`, `kn`). */
export function kmhFactor(unit: string): number | undefined {
  return kmhPer[unit.trim().toLowerCase()];
}

export function toKmh(value: number, factor: number): number {
  return tidy(value * factor);
}

export function metresPerSecondToKmh(value: number): number {
  return toKmh(value, kmhPerMetrePerSecond);
}

/** A converter to °C from a temperature unit as providers write it (`°C`, `°F`, `K`). */
export function celsiusFrom(unit: string): ((value: number) => number) | undefined {
  const symbol = unit.trim().replace('°', '').toUpperCase();
  if (symbol === 'C') return (value) => value;
  if (symbol === 'F') return (value) => tidy(((value - 32) * 5) / 9);
  if (symbol === 'K') return (value) => tidy(value - 273.15);
  return undefined;
}

/** A conversion of a value that may be missing. */
export function orNull(value: number | null, convert: (value: number) => number): number | null {
  return value === null ? null : convert(value);
}
