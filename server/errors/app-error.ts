export type AppErrorCode =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'PayloadTooLarge'
  | 'TooManyRequests'
  | 'ServiceUnavailable';

const statusByCode: Record<AppErrorCode, number> = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  ServiceUnavailable: 503,
};

export interface FieldError {
  Field: string;
  Message: string;
}

export interface AppErrorOptions {
  /** Send the message as `ExceptionMessage` too, for client screens that show that field. */
  asException?: boolean;
  /** Seconds after which the client may try again, sent as `Retry-After` (429, 503). */
  retryAfterSeconds?: number;
  /** Flags the spec's clients read from a refusal (`AlreadyExists`, `DuplicatePK`, ...). */
  flags?: Readonly<Record<string, true>>;
}

/**
 * The one error type routes and services throw for an expected failure. Its message is meant
 * for the user; anything else thrown is a server fault and is never shown as is.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusByCode[code];
  }
}
