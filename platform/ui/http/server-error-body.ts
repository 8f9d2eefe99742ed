/** Fields a server error body may carry (ASP.NET-style and our own Fastify errors). */
interface ErrorBodyFields {
  Message?: unknown;
  ExceptionMessage?: unknown;
  InnerException?: unknown;
  error?: unknown;
}

function fieldsOf(body: unknown): ErrorBodyFields | undefined {
  return typeof body === 'object' && body !== null ? (body as ErrorBodyFields) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `body.Message`, when it is a non-empty string. */
export function bodyMessage(body: unknown): string | undefined {
  return text(fieldsOf(body)?.Message);
}

/** `body.ExceptionMessage`, when it is a non-empty string. */
export function bodyExceptionMessage(body: unknown): string | undefined {
  return text(fieldsOf(body)?.ExceptionMessage);
}

/** `body.error.message` (the shape of some JSON APIs), when present. */
export function bodyNestedErrorMessage(body: unknown): string | undefined {
  const error = fieldsOf(fieldsOf(body)?.error);
  return text((error as { message?: unknown } | undefined)?.message);
}

/** The message of the innermost `InnerException`, when the body has any. */
export function innermostExceptionMessage(body: unknown): string | undefined {
  let inner = fieldsOf(fieldsOf(body)?.InnerException);
  let message: string | undefined;
  for (let depth = 0; inner && depth < 50; depth += 1) {
    message = text(inner.ExceptionMessage) ?? text(inner.Message) ?? message;
    inner = fieldsOf(inner.InnerException);
  }
  return message;
}

/** The best one-line description of an error body, for `HttpError.message`. */
export function describeErrorBody(body: unknown): string | undefined {
  return (
    bodyExceptionMessage(body) ??
    bodyMessage(body) ??
    bodyNestedErrorMessage(body) ??
    (typeof body === 'string' ? text(body.slice(0, 500)) : undefined)
  );
}
