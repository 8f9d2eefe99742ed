import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError, type HttpProviderOptions, type ProviderName } from './provider';

export interface FetchJsonOptions {
  provider: ProviderName;
  headers?: Record<string, string>;
  /** Per attempt, connection to last byte of the body. */
  timeoutMs?: number;
  /** Further attempts after a network error, a 5xx or a 429; never after another 4xx. */
  retries?: number;
  /** The first pause between attempts; it doubles each time. */
  retryDelayMs?: number;
  signal?: AbortSignal;
}

export const fetchDefaults = { timeoutMs: 10_000, retries: 2, retryDelayMs: 500 } as const;
const maxRetryAfterMs = 30_000;

/** The fetch options of an adapter's request, from its constructor options. */
export function requestOptions(
  provider: ProviderName,
  options: HttpProviderOptions,
  extra: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): FetchJsonOptions {
  const { timeoutMs, retries, retryDelayMs } = options;
  return { provider, timeoutMs, retries, retryDelayMs, ...extra };
}

type Attempt =
  | { ok: true; body: unknown }
  | { ok: false; error: ProviderError; retryable: boolean; retryAfterMs?: number };

/**
 * GET a JSON document with a timeout and bounded retries. A timeout is not retried: a
 * provider that let one attempt run out is unlikely to answer the next within the job's time.
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const retries = options.retries ?? fetchDefaults.retries;
  const retryDelayMs = options.retryDelayMs ?? fetchDefaults.retryDelayMs;
  for (let attempt = 0; ; attempt += 1) {
    const result = await attemptOnce(url, options);
    if (result.ok) return result.body;
    if (!result.retryable || attempt >= retries) throw result.error;
    const backoff = retryDelayMs * 2 ** attempt;
    await sleep(Math.max(backoff, result.retryAfterMs ?? 0), undefined, {
      signal: options.signal,
    });
  }
}

async function attemptOnce(url: string, options: FetchJsonOptions): Promise<Attempt> {
  const { provider } = options;
  const timeoutMs = options.timeoutMs ?? fetchDefaults.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      const message = `${provider} did not answer within ${timeoutMs} ms`;
      return {
        ok: false,
        error: new ProviderError(provider, 'timeout', message),
        retryable: false,
      };
    }
    const message = `${provider} could not be reached: ${networkReason(error)}`;
    const cause = { cause: error };
    const failure = new ProviderError(provider, 'network', message, undefined, cause);
    return { ok: false, error: failure, retryable: true };
  }
  if (!response.ok) {
    const { status } = response;
    const detail = errorDetail(text) ?? response.statusText;
    const message = `${provider} answered ${status}${detail ? `: ${detail}` : ''}`;
    return {
      ok: false,
      error: new ProviderError(provider, 'http', message, status),
      retryable: status >= 500 || status === 429,
      retryAfterMs: retryAfter(response.headers.get('retry-after')),
    };
  }
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    const type = response.headers.get('content-type') ?? 'no content type';
    const start = text.slice(0, 80).replace(/\s+/g, ' ').trim();
    const message = `${provider} answered with a body that is not JSON (${type}): ${start || 'empty'}`;
    return {
      ok: false,
      error: new ProviderError(provider, 'bad-response', message),
      retryable: false,
    };
  }
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** The explanation an error body gives, in the shapes the providers and their gateways use. */
function errorDetail(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const plain = text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return plain ? plain.slice(0, 200) : undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  const keys = ['moreInformation', 'detail', 'description', 'message', 'reason', 'httpMessage'];
  const found = keys.map((key) => fields[key]).find((value) => typeof value === 'string' && value);
  return typeof found === 'string' ? found.slice(0, 200) : undefined;
}

function retryAfter(header: string | null): number | undefined {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(seconds * 1000, maxRetryAfterMs);
}
