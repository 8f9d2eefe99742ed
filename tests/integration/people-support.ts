import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../support/test-app';
import { signIn } from '../support/sign-in';

type Method = 'GET' | 'POST' | 'PUT';

/** HTTP calls of the people tests, signed in as one of the demo users (cookies cached). */
export function peopleClient(t: TestApp) {
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
      headers: user ? { cookie: await cookieOf(user) } : {},
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

export async function userIdOf(t: TestApp, name: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function roleIdOf(t: TestApp, name: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets what users belong to: 0 none, 1 groups, 2 companies, 3 both. */
export async function setUsersBelongTo(t: TestApp, value: 0 | 1 | 2 | 3) {
  await t.database.db
    .updateTable('settings')
    .set({ value: JSON.stringify(value) })
    .where('key', '=', 'GroupsAndCompanies.UsersBelongTo')
    .execute();
}
