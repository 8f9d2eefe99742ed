import type { TFunction } from 'i18next';
import { HttpError } from '#platform/ui';
import type { DeliveryInputField } from '../inputs/delivery-input-fields';

type FieldMessages = Partial<Record<DeliveryInputField, string>>;

const inputFields: readonly string[] = ['OutputTemperature', 'Thickness', 'EvoThermAllowed'];

function bodyOf(error: unknown): Record<string, unknown> {
  return error instanceof HttpError && typeof error.body === 'object' && error.body !== null
    ? (error.body as Record<string, unknown>)
    : {};
}

/**
 * A refused save or what-if's field messages (400 `Errors`, whose messages are translation
 * keys), translated with the material's limits, by input field.
 */
export function fieldMessages(
  error: unknown,
  t: TFunction,
  limits: { min: unknown; max: unknown },
): FieldMessages {
  const errors = bodyOf(error).Errors;
  if (!Array.isArray(errors)) return {};
  const messages: FieldMessages = {};
  for (const entry of errors as { Field?: unknown; Message?: unknown }[]) {
    const field = String(entry.Field ?? '');
    if (!inputFields.includes(field) || typeof entry.Message !== 'string') continue;
    messages[field as DeliveryInputField] = t(entry.Message, {
      ...limits,
      defaultValue: entry.Message,
    });
  }
  return messages;
}

/** The text of a refusal: the ExceptionMessage, else the Message (a translation key or text). */
export function failureText(error: unknown, t: TFunction, fallback: string): string {
  const { ExceptionMessage, Message } = bodyOf(error);
  if (typeof ExceptionMessage === 'string' && ExceptionMessage) return ExceptionMessage;
  if (typeof Message === 'string' && Message) return t(Message, { defaultValue: Message });
  if (error instanceof HttpError && error.status === 0) return t('ERRORS.NETWORK');
  return fallback;
}

export const isStale = (error: unknown) => error instanceof HttpError && error.status === 409;
