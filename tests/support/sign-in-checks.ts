import type { TestApp } from './test-app';

/** `GET api/users/GetCurrentUser` with a session cookie. */
export const currentUserWith = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/GetCurrentUser', headers: { cookie } });

/** The newest row of the login audit. */
export const lastLoginAudit = (t: TestApp) =>
  t.database.db
    .selectFrom('loginAudit')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
