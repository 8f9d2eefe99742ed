import { HttpError } from '#platform/ui';
import type { InputField, Scenario } from './scenario';

/** A message kept as a key so it follows language changes, or a server text as sent. */
export type Message = { key: string } | { text: string };

export interface CalculationFailure {
  /** Server messages by the field they name. */
  fields: Partial<Record<InputField, string>>;
  /** What the card says when no field explains it. */
  general: Message | null;
  /** Whether trying again can help (the server was not reached or failed). */
  retry: boolean;
}

const fieldNames: readonly InputField[] = [
  'ThicknessMm',
  'LayingTemperature',
  'AirTemperature',
  'BaseTemperature',
  'WindSpeedKmh',
  'CloudCoverPercent',
  'MixType',
  'BaseType',
  'BaseWet',
  'BaseFrozen',
  'StopTemperature',
  'WarmMixAdditive',
] satisfies readonly (keyof Scenario)[];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function fieldNamed(name: unknown): InputField | undefined {
  if (typeof name !== 'string') return undefined;
  return fieldNames.find((field) => field.toLowerCase() === name.toLowerCase());
}

/** Reads a 400 body `{ Message, Errors: [{ Field, Message }] }` into messages by field. */
function readValidation(body: unknown): CalculationFailure {
  const failure: CalculationFailure = { fields: {}, general: null, retry: false };
  if (typeof body !== 'object' || body === null) return failure;
  const { Message, Errors } = body as { Message?: unknown; Errors?: unknown };
  const unplaced: string[] = [];
  for (const entry of Array.isArray(Errors) ? (Errors as unknown[]) : []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { Field, Message: text } = entry as { Field?: unknown; Message?: unknown };
    if (typeof text !== 'string') continue;
    const field = fieldNamed(Field);
    if (field) failure.fields[field] ??= capitalised(text);
    else unplaced.push(text);
  }
  if (Object.keys(failure.fields).length === 0) {
    const text = typeof Message === 'string' && Message.trim() ? Message : unplaced[0];
    failure.general = text ? { text } : { key: 'COMPACTION.FAILED' };
  }
  return failure;
}

/** What a failed calculation means for the card. */
export function readCalculationFailure(error: unknown): CalculationFailure {
  if (error instanceof HttpError && error.status === 400) return readValidation(error.body);
  if (error instanceof HttpError && error.status === 0) {
    return { fields: {}, general: { key: 'COMPACTION.NETWORK' }, retry: true };
  }
  if (error instanceof HttpError && (error.status === 401 || error.status === 403)) {
    return { fields: {}, general: { key: `ERRORS.HTTP.${error.status}` }, retry: false };
  }
  if (!(error instanceof HttpError)) console.error(error);
  return { fields: {}, general: { key: 'COMPACTION.FAILED' }, retry: true };
}
