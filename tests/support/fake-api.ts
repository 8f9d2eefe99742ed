import { vi } from 'vitest';
import type { RecordedRequest } from './fake-auth-server';

type Answer = unknown | Response | Promise<unknown | Response>;
type Handler = (body: unknown, path: string, url: URL) => Answer;

/**
 * A stubbed `fetch` answering `METHOD /path` (path compared case-insensitively, prefix match
 * when the key ends with `*`) from handlers, which also get the whole URL for its query;
 * anything else is a 404. Records every request.
 *
 * @example
 * const api = fakeApi({ 'POST /api/Users/RegisterUser': () => ({ Succeeded: true }) });
 * vi.stubGlobal('fetch', api.fetch);
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const entries = Object.entries(handlers).map(([key, handler]) => {
    const [method, path = ''] = key.split(' ');
    return { method, path: path.toLowerCase(), handler };
  });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    requests.push({ method, path: url.pathname, body, at: performance.now() });
    const path = url.pathname.toLowerCase();
    const entry = entries.find(
      (candidate) =>
        candidate.method === method &&
        (candidate.path.endsWith('*')
          ? path.startsWith(candidate.path.slice(0, -1))
          : path === candidate.path),
    );
    if (!entry) return new Response(null, { status: 404 });
    const answer = await entry.handler(body, url.pathname, url);
    return answer instanceof Response ? answer : Response.json(answer);
  });
  return {
    fetch,
    requests,
    /** Requests to one path (case-insensitive). */
    to: (path: string) => requests.filter((r) => r.path.toLowerCase() === path.toLowerCase()),
  };
}

/** A promise with its resolve function, to hold an answer until a test releases it. */
export function held<T>() {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}
