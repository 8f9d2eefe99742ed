import { HttpError } from '#platform/ui';

/** The server's `Message` of a failed call, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const { Message } = error.body as { Message?: unknown };
    if (typeof Message === 'string' && Message) return Message;
  }
  return fallback;
}
