/**
 * The rules of a delivery's amendable inputs (deliveries spec section 5), shared by the
 * browser (which snaps what the user types and says why) and the server (which refuses what
 * does not follow them).
 */

/** Temperatures and thicknesses move in steps of this. */
export const deliveryStep = 5;
export const minThickness = 20;
export const maxThickness = 200;

export type TemperatureProblem = 'belowMin' | 'aboveMax' | 'notMultiple';
export type ThicknessProblem = 'invalid' | 'notMultiple';

/**
 * Rounds to the nearest step; a remainder up to 2 rounds down (so 42 -> 40, 43 -> 45).
 *
 * @example roundToStep(142) // 140
 */
export function roundToStep(value: number): number {
  const remainder = ((value % deliveryStep) + deliveryStep) % deliveryStep;
  return remainder <= 2 ? value - remainder : value - remainder + deliveryStep;
}

/** What the output temperature input becomes: below min is min, above max is max, else rounded. */
export function snapOutputTemperature(value: number, min: number | null, max: number | null) {
  if (min !== null && value < min) return { value: min, problem: 'belowMin' as const };
  if (max !== null && value > max) return { value: max, problem: 'aboveMax' as const };
  const rounded = roundToStep(value);
  return { value: rounded, problem: rounded === value ? null : ('notMultiple' as const) };
}

/** What the thickness input becomes: never below 0 or above 200, 1-19 is 0, else rounded. */
export function snapThickness(value: number) {
  if (value <= 0) return { value: 0, problem: value < 0 ? ('invalid' as const) : null };
  if (value > maxThickness) return { value: maxThickness, problem: 'invalid' as const };
  if (value < minThickness) return { value: 0, problem: 'invalid' as const };
  const rounded = Math.min(roundToStep(value), maxThickness);
  return { value: rounded, problem: rounded === value ? null : ('notMultiple' as const) };
}

/** Why an output temperature cannot be saved, or null when it can. */
export function outputTemperatureProblem(
  value: number,
  min: number | null,
  max: number | null,
): TemperatureProblem | null {
  if (min !== null && value < min) return 'belowMin';
  if (max !== null && value > max) return 'aboveMax';
  return Number.isInteger(value) && value % deliveryStep === 0 ? null : 'notMultiple';
}

/** Why a thickness cannot be saved, or null when it can: 0, or 20 to 200 in steps of 5. */
export function thicknessProblem(value: number): ThicknessProblem | null {
  if (value !== 0 && !(value >= minThickness && value <= maxThickness)) return 'invalid';
  return Number.isInteger(value) && value % deliveryStep === 0 ? null : 'notMultiple';
}
