import type { TFunction } from 'i18next';
import { intlLocale } from '#platform/ui';

/** What a delivery row carries of its state's reason. */
export interface StateReasonFields {
  StateReason?: unknown;
  StateReasonCode?: unknown;
  StateReasonParams?: unknown;
}

// The pseudo-localised `fake` language is no locale Intl knows: intlLocale falls back.
const oneDecimal = (value: unknown, language: string) =>
  new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Number(value));
const asSet = (value: unknown, language: string) =>
  new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 1 }).format(Number(value));

const fieldKeys: Readonly<Record<string, string>> = {
  thicknessMm: 'DELIVERY.REASON.FIELD.THICKNESS',
  windSpeedKmh: 'DELIVERY.REASON.FIELD.WIND',
  mileage: 'DELIVERY.REASON.FIELD.MILEAGE',
  outputTemperature: 'DELIVERY.REASON.FIELD.OUTPUT_TEMPERATURE',
  airTemperature: 'DELIVERY.REASON.FIELD.AIR_TEMPERATURE',
  cloudCoverPercent: 'DELIVERY.REASON.FIELD.CLOUD_COVER',
};

/**
 * The reason for a delivery's state in the user's language ("11.5 min available, 8 min needed:
 * tight"), from the code and parameters the server keeps with it; the server's English text
 * when the code is unknown to this browser.
 */
export function stateReasonText(row: StateReasonFields, t: TFunction, language: string): string {
  const code = typeof row.StateReasonCode === 'string' ? row.StateReasonCode : '';
  const fallback = typeof row.StateReason === 'string' ? row.StateReason : '';
  const key = `DELIVERY.REASON.${code}`;
  // Without its parameters (a list that did not select them) the server's own text says it.
  const params = row.StateReasonParams;
  if (!code || typeof params !== 'object' || params === null || !t(key, { defaultValue: '' })) {
    return fallback;
  }
  return translatedReason(key, params as Record<string, unknown>, t, language, fallback);
}

function translatedReason(
  key: string,
  params: Record<string, unknown>,
  t: TFunction,
  language: string,
  fallback: string,
): string {
  const minutes =
    params.availableMinutes === undefined
      ? ''
      : t(
          params.reachedStop === false ? 'DELIVERY.REASON.MINUTES_MORE' : 'DELIVERY.REASON.MINUTES',
          {
            available: oneDecimal(params.availableMinutes, language),
            needed: asSet(params.neededMinutes, language),
          },
        );
  return t(key, {
    minutes,
    shortfall: oneDecimal(params.shortfall, language),
    minimum: asSet(params.minimum, language),
    maximum: asSet(params.maximum, language),
    arrival: oneDecimal(params.arrivalTemperature, language),
    haul: oneDecimal(params.haulMinutes, language),
    age: asSet(params.ageHours, language),
    output: oneDecimal(params.outputTemperature, language),
    course: t(params.thinCourse ? 'DELIVERY.REASON.THIN' : 'DELIVERY.REASON.THICK'),
    field: t(fieldKeys[String(params.field)] ?? String(params.field ?? '')),
    value: String(params.value ?? ''),
    defaultValue: fallback,
  });
}
