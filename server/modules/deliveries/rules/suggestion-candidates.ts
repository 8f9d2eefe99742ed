import type { SuggestionKind } from '#metadata';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import {
  deliveryStep,
  maxThickness,
  minThickness,
  outputTemperatureProblem,
  thicknessProblem,
} from '#platform/core';
import type { DeliveryMaterial } from '../repositories/delivery-materials';
import type { DeriveSources } from '../state/sources';
import { deliveryTimeZone } from './list-filters';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The working day's hours a delivery may be moved to, UK time. */
const firstWorkingHour = 6;
const lastWorkingHour = 18;

/**
 * The output temperatures above `current` the material allows (multiples of 5 within its
 * MinMixTemp..MaxMixTemp), coolest first; none when the material sets no maximum.
 *
 * @example hotterTemperatures(162, 140, 180) // [165, 170, 175, 180]
 */
export function hotterTemperatures(current: number, min: number | null, max: number | null) {
  const values: number[] = [];
  if (max === null) return values;
  const first = Math.floor(current / deliveryStep) * deliveryStep + deliveryStep;
  for (let value = first; value <= max; value += deliveryStep) {
    if (outputTemperatureProblem(value, min, max) === null) values.push(value);
  }
  return values;
}

/**
 * Every other thickness the rules allow (20 to 200 in steps of 5), nearest to `current` first;
 * of two as near, the thicker first (it keeps its heat longer).
 *
 * @example nearbyThicknesses(40).slice(0, 4) // [45, 35, 50, 30]
 */
export function nearbyThicknesses(current: number): number[] {
  const values: number[] = [];
  for (let value = minThickness; value <= maxThickness; value += deliveryStep) {
    if (value !== current && thicknessProblem(value) === null) values.push(value);
  }
  return values.sort((a, b) => Math.abs(a - current) - Math.abs(b - current) || b - a);
}

/**
 * The whole hours from 06:00 to 18:00 of the UK day `at` falls on, as instants (British Summer
 * Time included).
 *
 * @example workingHoursOfUkDay(new Date('2026-07-01T10:20:00Z'))[0] // 2026-07-01T05:00:00.000Z
 */
export function workingHoursOfUkDay(at: Date): Date[] {
  const day = dayjs(at).tz(deliveryTimeZone).format('YYYY-MM-DD');
  const hours: Date[] = [];
  for (let hour = firstWorkingHour; hour <= lastWorkingHour; hour += 1) {
    const clock = `${String(hour).padStart(2, '0')}:00`;
    hours.push(dayjs.tz(`${day} ${clock}`, deliveryTimeZone).toDate());
  }
  return hours;
}

/** The inputs staff amend. */
export interface AmendableInputs {
  OutputTemperature: number;
  Thickness: number;
  EvoThermAllowed: boolean;
}

/** The inputs with one change applied, and the hour moved to (StartTime only). */
export interface Candidate {
  inputs: AmendableInputs;
  startTime0: string | null;
}

/** What the candidates of a delivery are drawn from. */
export interface CandidateContext {
  /** The posted inputs. */
  inputs: AmendableInputs;
  material: DeliveryMaterial;
  startTime: Date;
  siteId: number;
  sources: DeriveSources;
  now: Date;
}

/**
 * The hours the site's cached forecast holds (a forecast hour starting on the hour) from 06:00 to
 * 18:00 of the delivery's UK day, still to come and other than the one its own time falls in;
 * nearest to its time first, of two as near the earlier.
 */
async function otherForecastHours(context: CandidateContext): Promise<Date[]> {
  const { sources, siteId, startTime, now } = context;
  const own = (await sources.forecastAt(siteId, startTime)).hour;
  const ownTime = own ? Date.parse(own.time) : null;
  const hours: Date[] = [];
  for (const hour of workingHoursOfUkDay(startTime)) {
    const time = hour.getTime();
    if (time < now.getTime() || time === ownTime) continue;
    const cached = (await sources.forecastAt(siteId, hour)).hour;
    if (cached && Date.parse(cached.time) === time) hours.push(hour);
  }
  const distance = (hour: Date) => Math.abs(hour.getTime() - startTime.getTime());
  return hours.sort((a, b) => distance(a) - distance(b) || a.getTime() - b.getTime());
}

/** A kind's candidates, smallest change first. */
export async function candidatesOf(
  kind: SuggestionKind,
  context: CandidateContext,
): Promise<Candidate[]> {
  const { inputs, material } = context;
  const changed = (change: Partial<AmendableInputs>): Candidate => ({
    inputs: { ...inputs, ...change },
    startTime0: null,
  });
  switch (kind) {
    case 'OutputTemperature':
      return hotterTemperatures(
        inputs.OutputTemperature,
        material.minMixTemp,
        material.maxMixTemp,
      ).map((OutputTemperature) => changed({ OutputTemperature }));
    case 'EvoTherm':
      return material.canAddEvotherm && !inputs.EvoThermAllowed
        ? [changed({ EvoThermAllowed: true })]
        : [];
    case 'Thickness':
      return nearbyThicknesses(inputs.Thickness).map((Thickness) => changed({ Thickness }));
    case 'StartTime':
      return (await otherForecastHours(context)).map((hour) => ({
        inputs: { ...inputs },
        startTime0: hour.toISOString(),
      }));
  }
}
