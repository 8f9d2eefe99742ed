export interface HttpErrorInit {
  status: number;
  url: string;
  body: unknown;
  message: string;
  cause?: unknown;
}

/**
 * Thrown by the HTTP client for every failed request, after the global handling ran.
 * `status` is 0 when the server could not be reached; `body` is the decoded error body
 * (JSON when it parses, otherwise text, `null` when empty).
 *
 * @example
 * try { await http.put('api/units/1', { body: unit, errorHandling: 'none' }); }
 * catch (error) { if (error instanceof HttpError && error.status === 409) reload(); else throw error; }
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly url: string;
  readonly body: unknown;

  constructor({ status, url, body, message, cause }: HttpErrorInit) {
    super(message, { cause });
    this.status = status;
    this.url = url;
    this.body = body;
  }
}
