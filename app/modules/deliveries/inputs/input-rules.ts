import type { TFunction } from 'i18next';
import { deliveryMessages } from '#metadata';
import {
  deliveryStep,
  maxThickness,
  minThickness,
  snapOutputTemperature,
  snapThickness,
} from '#platform/core';
import type { Snapped } from './snapped-number-field';

/** The output temperatures a delivery (or every one of a selection) takes; null: no limit. */
export interface TemperatureRange {
  min: number | null;
  max: number | null;
}

/** The output temperature as the rules snap it, and the message saying why it changed. */
export function snappedTemperature(value: number, range: TemperatureRange, t: TFunction): Snapped {
  const { value: snapped, problem } = snapOutputTemperature(value, range.min, range.max);
  const message =
    problem === 'belowMin'
      ? t(deliveryMessages.temperatureBelowMin, { min: range.min })
      : problem === 'aboveMax'
        ? t(deliveryMessages.temperatureAboveMax, { max: range.max })
        : problem === 'notMultiple'
          ? t(deliveryMessages.temperatureRounded)
          : null;
  return { value: snapped, message };
}

/** The thickness as the rules snap it, and the message saying why it changed. */
export function snappedThickness(value: number, t: TFunction): Snapped {
  const { value: snapped, problem } = snapThickness(value);
  const message =
    problem === 'invalid'
      ? t(deliveryMessages.thicknessInvalid)
      : problem === 'notMultiple'
        ? t(deliveryMessages.thicknessMultiple)
        : null;
  return { value: snapped, message };
}

export const stepTemperature = (value: number, direction: 1 | -1) =>
  value + direction * deliveryStep;

/** A step of thickness skips the gap between 0 and 20 mm that no lift is laid in. */
export function stepThickness(value: number, direction: 1 | -1): number {
  if (direction === 1) return value < minThickness ? minThickness : value + deliveryStep;
  return value <= minThickness ? 0 : Math.min(value, maxThickness + deliveryStep) - deliveryStep;
}

/**
 * The range every selected delivery takes: the highest minimum and the lowest maximum. Null
 * limits are no limit; `conflict` when no temperature suits them all.
 */
export function strictestRange(
  rows: readonly { MinMixTemp?: number | null; MaxMixTemp?: number | null }[],
): TemperatureRange & { conflict: boolean } {
  const mins = rows.flatMap((row) => (typeof row.MinMixTemp === 'number' ? [row.MinMixTemp] : []));
  const maxes = rows.flatMap((row) => (typeof row.MaxMixTemp === 'number' ? [row.MaxMixTemp] : []));
  const min = mins.length > 0 ? Math.max(...mins) : null;
  const max = maxes.length > 0 ? Math.min(...maxes) : null;
  return { min, max, conflict: min !== null && max !== null && min > max };
}
