import type { LightMyRequestResponse } from 'fastify';
import { signIn } from './sign-in';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** HTTP calls to the test app, each signed in as one of the demo users (or none), cookies cached. */
export function apiClient(t: TestApp) {
  const cookies = new Map<string, string>();
  const cookieOf = async (user: string) => {
    if (!cookies.has(user)) cookies.set(user, await signIn(t.app, user));
    return cookies.get(user)!;
  };
  const call = async (
    user: string | null,
    method: Method,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      // What a browser's fetch from the app itself sends (state-changing GETs require it).
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(user ? { cookie: await cookieOf(user) } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    get: (user: string | null, url: string) => call(user, 'GET', url),
    post: (user: string | null, url: string, payload: unknown) => call(user, 'POST', url, payload),
    put: (user: string | null, url: string, payload: unknown) => call(user, 'PUT', url, payload),
    /** Forgets a cached session cookie (after its session was ended). */
    forget: (user: string) => cookies.delete(user),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
