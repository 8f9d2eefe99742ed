import { defaultTexts, deliveryMessages } from '#metadata';
import {
  outputTemperatureProblem,
  type TemperatureProblem,
  thicknessProblem,
  type ThicknessProblem,
} from '#platform/core';
import { AppError, type FieldError } from '../../../errors/app-error';
import type { MaterialLimits } from './material-limits';

type Row = Record<string, unknown>;

const temperatureKeys: Record<TemperatureProblem, string> = {
  belowMin: deliveryMessages.temperatureBelowMin,
  aboveMax: deliveryMessages.temperatureAboveMax,
  notMultiple: deliveryMessages.temperatureRounded,
};
const thicknessKeys: Record<ThicknessProblem, string> = {
  invalid: deliveryMessages.thicknessInvalid,
  notMultiple: deliveryMessages.thicknessMultiple,
};

/** A delivery's inputs as they are about to be, and what decides whether each is checked. */
export interface InputCheck {
  values: Row;
  /** The row as stored; undefined for a new one (every input is checked). */
  existing: Row | undefined;
  /** The material the delivery's code matches now (undefined: none, no range to check). */
  material: MaterialLimits | undefined;
  materialChanged: boolean;
}

function changed(check: InputCheck, field: string): boolean {
  return !check.existing || check.existing[field] !== check.values[field];
}

/**
 * What is wrong with the inputs staff amend, as the browser's rules say (deliveries spec 5),
 * each as the field and its message key. Only what changes is checked (or, for the
 * temperature and the additive, what a change of material makes newly wrong): a delivery
 * imported with a value the rules refuse can still be saved with its other fields changed.
 */
export function inputProblems(check: InputCheck): FieldError[] {
  const { values, material } = check;
  const errors: FieldError[] = [];
  const temperature = values.OutputTemperature;
  if (
    typeof temperature === 'number' &&
    (changed(check, 'OutputTemperature') || check.materialChanged)
  ) {
    const problem = outputTemperatureProblem(
      temperature,
      material?.minMixTemp ?? null,
      material?.maxMixTemp ?? null,
    );
    if (problem) errors.push({ Field: 'OutputTemperature', Message: temperatureKeys[problem] });
  }
  const thickness = values.Thickness;
  if (typeof thickness === 'number' && changed(check, 'Thickness')) {
    const problem = thicknessProblem(thickness);
    if (problem) errors.push({ Field: 'Thickness', Message: thicknessKeys[problem] });
  }
  if (
    values.EvoThermAllowed === true &&
    material?.canAddEvotherm === false &&
    (changed(check, 'EvoThermAllowed') || check.materialChanged)
  ) {
    errors.push({ Field: 'EvoThermAllowed', Message: deliveryMessages.additiveRefused });
  }
  return errors;
}

/** The en-gb text of a message key with the material's limits in it. */
function readable(error: FieldError, material: MaterialLimits | undefined): string {
  const text = defaultTexts[error.Message] ?? error.Message;
  return text
    .replace('{{min}}', String(material?.minMixTemp ?? ''))
    .replace('{{max}}', String(material?.maxMixTemp ?? ''));
}

/**
 * Refuses the inputs with a 400: each field with its message key (the form translates it),
 * and a readable text of them all.
 */
export function assertInputsValid(check: InputCheck): void {
  const errors = inputProblems(check);
  if (errors.length === 0) return;
  const message = errors.map((error) => readable(error, check.material)).join(' ');
  throw new AppError('BadRequest', message, errors);
}
