export type ReasonCode =
  | 'rain'
  | 'baseFrozen'
  | 'baseWet'
  | 'airTooCold'
  | 'arrivalTooCold'
  | 'haulTooLong'
  | 'noForecast'
  | 'staleForecast'
  | 'noLocation'
  | 'noMaterial'
  | 'outOfRange'
  | 'outputTooHot'
  | 'green'
  | 'amber'
  | 'yellow'
  | 'red';

/** What a reason's text is made of, so the UI can translate it by code. */
export type ReasonParams = Record<string, number | string | boolean>;

const oneDecimal = (value: unknown) => Number(value).toFixed(1);
/** Limits come from settings and read best as typed: 3 °C, 8 min, 7.5 min. */
const asSet = (value: unknown) => String(Math.round(Number(value) * 10) / 10);

function minutes(params: ReasonParams): string {
  const available = `${oneDecimal(params.availableMinutes)} min available`;
  const prefix = params.reachedStop === false ? `More than ${available}` : available;
  return `${prefix}, ${asSet(params.neededMinutes)} min needed`;
}

const fields: Record<string, [label: string, unit: string]> = {
  thicknessMm: ['Thickness', 'mm'],
  windSpeedKmh: ['Wind', 'km/h'],
  mileage: ['Mileage', 'miles'],
  outputTemperature: ['Output temperature', '°C'],
  airTemperature: ['Air temperature', '°C'],
  cloudCoverPercent: ['Cloud cover', '%'],
};

function outOfRange(p: ReasonParams): string {
  const [label, unit] = fields[String(p.field)] ?? [String(p.field), ''];
  const value = `${label} ${String(p.value)} ${unit}`.trimEnd();
  const range =
    p.minimum !== undefined && p.maximum !== undefined
      ? ` of ${asSet(p.minimum)}-${asSet(p.maximum)} ${unit}`
      : '';
  return `${value} is outside the model's range${range}`;
}

const texts: Record<ReasonCode, (p: ReasonParams) => string> = {
  rain: () => 'Rain forecast at the delivery hour',
  baseFrozen: () => 'Base frozen',
  baseWet: () => 'Base wet',
  airTooCold: (p) =>
    `Air ${oneDecimal(p.shortfall)} °C below the ${asSet(p.minimum)} °C minimum for ${
      p.thinCourse ? 'thin' : 'thick'
    } courses`,
  arrivalTooCold: (p) =>
    `Arrives at ${oneDecimal(p.arrivalTemperature)} °C, below the mix minimum of ${asSet(
      p.minimum,
    )} °C`,
  haulTooLong: (p) =>
    `Haul of ${oneDecimal(p.haulMinutes)} min, over the ${asSet(p.maximum)} min maximum`,
  noForecast: () => 'No forecast for the site and hour',
  staleForecast: (p) => `Forecast out of date (fetched ${asSet(p.ageHours)} h ago)`,
  noLocation: () => 'No usable location for the site (coordinates, grid reference or postcode)',
  noMaterial: () => 'No material matches the code',
  outOfRange,
  outputTooHot: (p) =>
    `Output ${oneDecimal(p.outputTemperature)} °C above the mix maximum of ${asSet(p.maximum)} °C`,
  green: (p) => `${minutes(p)}: good (green)`,
  amber: (p) => `${minutes(p)}: tight (amber)`,
  yellow: (p) => `${minutes(p)}: workable only with the warm-mix additive (yellow)`,
  red: (p) => `${minutes(p)}: too little time (red)`,
};

/** The English reason for a state, as shown in the tooltip and kept for the audit. */
export function reasonText(code: ReasonCode, params: ReasonParams): string {
  return texts[code](params);
}
