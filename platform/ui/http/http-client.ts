import { handleHttpError, type ErrorHandling } from './handle-http-error';
import { httpConfig } from './http-config';
import { HttpError } from './http-error';
import { buildUrl, isPostcodeLookup, type QueryParams } from './request-url';
import { readBody, readErrorBody, type ResponseType } from './response-body';
import { describeErrorBody } from './server-error-body';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Appended as a query string; `null`/`undefined` values are left out. */
  query?: QueryParams;
  /** Sent as JSON; `FormData`, `Blob` and `URLSearchParams` are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How the successful body is read; default `json` (an empty body gives `null`). */
  responseType?: ResponseType;
  /** Global error handling; default `default`. Postcode lookups are always `none`. */
  errorHandling?: ErrorHandling;
  /** Called with a successful response's headers (an `ETag` to send back as `If-Match`). */
  onHeaders?: (headers: Headers) => void;
}

export type BodylessRequestOptions = Omit<RequestOptions, 'body'>;

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams;
}

function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
  // X-Requested-With: a header no page of another site can add without the server's CORS
  // consent, so browsers without Fetch Metadata still prove a call is the application's own.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  return {
    method,
    credentials: 'same-origin',
    headers: { ...headers, ...options.headers },
    body,
    signal: options.signal,
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function request<T = unknown>(
  method: HttpMethod,
  url: string,
  options: RequestOptions = {},
): Promise<T> {
  const target = buildUrl(url, options.query);
  const mode = isPostcodeLookup(target) ? 'none' : (options.errorHandling ?? 'default');
  let response: Response;
  try {
    response = await fetch(target, buildInit(method, options));
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    const message = httpConfig().translate('ERRORS.NETWORK');
    const error = new HttpError({ status: 0, url: target, body: null, message, cause });
    handleHttpError(error, mode);
    throw error;
  }
  if (!response.ok) {
    const body = await readErrorBody(response);
    const message = describeErrorBody(body) ?? `${response.status} ${response.statusText}`.trim();
    const error = new HttpError({ status: response.status, url: target, body, message });
    handleHttpError(error, mode);
    throw error;
  }
  options.onHeaders?.(response.headers);
  // The caller names the type it expects, as with any JSON API.
  return (await readBody(response, options.responseType ?? 'json')) as T;
}

/**
 * The one HTTP client of every screen: JSON by default, same-origin credentials, and the
 * global error handling of the spec. Failed requests throw `HttpError` after the handling.
 *
 * @example
 * const units = await http.get<Unit[]>('api/units', { query: { active: true } });
 * await http.post('api/units', { body: unit });
 * const file = await http.get<Blob>('api/reports/1/pdf', { responseType: 'blob' });
 * const place = await http.get<Place>('api/postcode/SW1A1AA'); // errors come back, no dialog
 */
export const http = {
  request,
  get: <T = unknown>(url: string, options?: BodylessRequestOptions) =>
    request<T>('GET', url, options),
  post: <T = unknown>(url: string, options?: RequestOptions) => request<T>('POST', url, options),
  put: <T = unknown>(url: string, options?: RequestOptions) => request<T>('PUT', url, options),
  patch: <T = unknown>(url: string, options?: RequestOptions) => request<T>('PATCH', url, options),
  delete: <T = unknown>(url: string, options?: RequestOptions) =>
    request<T>('DELETE', url, options),
};
