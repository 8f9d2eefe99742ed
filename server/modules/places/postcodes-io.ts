export interface PostcodesIoOptions {
  /** Base URL of a postcodes.io-compatible service, e.g. `https://api.postcodes.io`. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The online service could not answer (down, slow, refusing or answering nonsense). */
export class LookupUnavailable extends Error {
  override readonly name = 'LookupUnavailable';
}

interface Answer {
  status: number;
  body: unknown;
}

async function get(url: string, timeoutMs: number, fetchFn: typeof fetch): Promise<Answer> {
  const response = await fetchFn(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body: unknown = response.ok ? await response.json() : await response.text();
  return { status: response.status, body };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** One retry after a network failure or a 5xx; none after a timeout, which already took long. */
async function getWithRetry(url: string, timeoutMs: number, fetchFn: typeof fetch) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await get(url, timeoutMs, fetchFn);
      if (answer.status < 500 || attempt === 2) return answer;
    } catch (error) {
      if (attempt === 2 || isTimeout(error)) {
        throw new LookupUnavailable(`${url}: ${(error as Error).message}`, { cause: error });
      }
    }
  }
}

function coordinatesOf(body: unknown): { latitude: number; longitude: number } | null {
  const result = (body as { result?: { latitude?: unknown; longitude?: unknown } } | null)?.result;
  const { latitude, longitude } = result ?? {};
  return typeof latitude === 'number' && typeof longitude === 'number'
    ? { latitude, longitude }
    : null;
}

/**
 * Where postcodes.io puts a postcode (`GET /postcodes/{postcode}`) or an outcode
 * (`GET /outcodes/{outcode}`): null when it does not know it (404); throws LookupUnavailable
 * when it cannot say.
 */
export async function lookupPostcodesIo(
  query: { kind: 'postcode' | 'outcode'; text: string },
  { baseUrl, timeoutMs = 3000, fetch: fetchFn = fetch }: PostcodesIoOptions,
): Promise<{ latitude: number; longitude: number } | null> {
  const resource = query.kind === 'postcode' ? 'postcodes' : 'outcodes';
  const url = `${baseUrl.replace(/\/+$/, '')}/${resource}/${encodeURIComponent(query.text)}`;
  const answer = await getWithRetry(url, timeoutMs, fetchFn);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new LookupUnavailable(`${url}: HTTP ${answer.status}`);
  const coordinates = coordinatesOf(answer.body);
  // Some postcodes (new, or without a grid reference) are known but placed nowhere.
  if (!coordinates) throw new LookupUnavailable(`${url}: no coordinates in the answer`);
  return coordinates;
}
