import type { TFunction } from 'i18next';
import type { Suggestion } from '#metadata';
import type { WhatIfRequest } from './delivery-api';
import type { DeliveryFormat } from './delivery-format';

/**
 * What a suggestion changes, in words ("Raise the output temperature to 165 °C and allow the
 * warm-mix additive"), from how its inputs differ from those it was asked about; a start time
 * is said as the hour it names ("At 14:00 the forecast gives").
 */
export function suggestionChange(
  suggestion: Suggestion,
  asked: WhatIfRequest,
  t: TFunction,
  format: DeliveryFormat,
  plannedStart: string | null | undefined,
): string {
  if (suggestion.Kind === 'StartTime' && suggestion.StartTime0) {
    return t('DELIVERY.SUGGEST.START_TIME', {
      time: format.timeNear(suggestion.StartTime0, plannedStart),
    });
  }
  const changes: string[] = [];
  const temperature = suggestion.OutputTemperature;
  if (temperature !== asked.OutputTemperature || suggestion.Kind === 'OutputTemperature') {
    changes.push(
      t(
        temperature < asked.OutputTemperature
          ? 'DELIVERY.SUGGEST.TEMPERATURE_DOWN'
          : 'DELIVERY.SUGGEST.TEMPERATURE_UP',
        { temperature: format.tenths(temperature) },
      ),
    );
  }
  if (suggestion.EvoThermAllowed !== asked.EvoThermAllowed) {
    changes.push(
      t(
        suggestion.EvoThermAllowed
          ? 'DELIVERY.SUGGEST.ADDITIVE_ON'
          : 'DELIVERY.SUGGEST.ADDITIVE_OFF',
      ),
    );
  }
  if (suggestion.Thickness !== asked.Thickness || suggestion.Kind === 'Thickness') {
    changes.push(
      t('DELIVERY.SUGGEST.THICKNESS', { thickness: format.tenths(suggestion.Thickness) }),
    );
  }
  const [first = '', ...others] = changes;
  return others.length === 0
    ? first
    : t('DELIVERY.SUGGEST.AND', {
        first,
        second: others.map((change) => lower(change)).join(', '),
      });
}

const lower = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);

/** Whether the suggestion changes inputs staff may apply (a start time is for information). */
export const appliesInputs = (suggestion: Suggestion) => suggestion.Kind !== 'StartTime';
