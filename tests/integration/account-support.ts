import type { LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import { accountPaths } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';
import { hashPassword } from '../../server/security/password-hash';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import type { TestApp } from '../support/test-app';
import { postLogin } from '../support/sign-in';

export { accountPaths, browserDigest };

/** Posts JSON to the app, with a session cookie when given. */
export function post(
  t: TestApp,
  url: string,
  payload: object,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
  });
}

export function get(t: TestApp, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

export interface TestAccount {
  id: number;
  name: string;
  email: string;
}

let nextAccount = 0;

/** A fresh active account with a known password and no roles, private to one test. */
export async function createAccount(
  t: TestApp,
  password: string,
  { name, passwordless = false }: { name?: string; passwordless?: boolean } = {},
): Promise<TestAccount> {
  const userName = name ?? `person${process.pid}x${nextAccount++}@example.test`;
  const row = await t.database.db
    .insertInto('users')
    .values({
      name: userName,
      email: userName,
      firstName: 'Pat',
      surname: 'Person',
      passwordHash: passwordless ? null : await hashPassword(browserDigest(password)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name: userName, email: userName };
}

export async function signsIn(t: TestApp, user: string, password: string): Promise<boolean> {
  const response = await postLogin(t.app, user, { password });
  return response.json<{ Succeeded: boolean }>().Succeeded;
}

export async function setSetting(t: TestApp, key: string, value: unknown) {
  await t.database.db
    .updateTable('settings')
    .set({ value: JSON.stringify(value) })
    .where('key', '=', key)
    .execute();
  forgetSettings(t.database.db);
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The token at the end of a ticket link. */
export const ticketOf = (link: string) => decodeURIComponent(link.split('/').pop() ?? '');

export async function sessionsOf(t: TestApp, userId: number) {
  return t.database.db
    .selectFrom('sessions')
    .select(['id', 'revokedAt'])
    .where('userId', '=', userId)
    .execute();
}

/** The session id inside a session cookie (`session=<jwt>`). */
export function sessionIdOf(cookie: string): string {
  const token = cookie.replace('session=', '');
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string })
    .sid;
}
