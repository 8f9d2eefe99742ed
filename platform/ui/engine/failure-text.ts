import { HttpError } from '../http';

/** The text a refused call's body gives (`ExceptionMessage`, then `Message`), else a fallback. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const { ExceptionMessage, Message } = error.body as Record<string, unknown>;
    if (typeof ExceptionMessage === 'string' && ExceptionMessage) return ExceptionMessage;
    if (typeof Message === 'string' && Message) return Message;
  }
  return fallback;
}
