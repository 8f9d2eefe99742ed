import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { demoPassword } from '#metadata';
import { browserDigest } from '../../server/security/browser-digest';

export const chromeUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface LoginOptions {
  password?: string;
  save?: boolean;
  captcha?: string;
  remoteAddress?: string;
  /** A `cookie` header to send (a trusted device's `device=…`). */
  cookie?: string;
}

let nextAddress = 0;
/** A fresh client address, so that the per-address rate limit of sign-in stays out of the way. */
export const freshAddress = () =>
  `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** Posts the login form as the browser does (password hashed with SHA-512). */
export function postLogin(
  app: FastifyInstance,
  user: string,
  {
    password = demoPassword,
    save = false,
    captcha,
    remoteAddress = freshAddress(),
    cookie,
  }: LoginOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: captcha ? '/api/auth/LoginWithRecaptcha' : '/api/auth/login',
    headers: { 'user-agent': chromeUserAgent, ...(cookie ? { cookie } : {}) },
    remoteAddress,
    payload: {
      User: user,
      Pass: browserDigest(password),
      Save: save,
      FingerPrint: 'test-fingerprint',
      ...(captcha ? { ReCaptcha: captcha } : {}),
    },
  });
}

/** The session cookie of a successful login, as a `cookie` header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error(`no session cookie; login answered ${response.body}`);
  return `session=${cookie.value}`;
}

/** The trusted-device cookie a successful login leaves, as a `cookie` header value. */
export function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'device');
  if (!cookie) throw new Error(`no device cookie; login answered ${response.body}`);
  return `device=${cookie.value}`;
}

/** Signs in and returns the cookie header that carries the session. */
export async function signIn(app: FastifyInstance, user: string, options?: LoginOptions) {
  return sessionCookieOf(await postLogin(app, user, options));
}
