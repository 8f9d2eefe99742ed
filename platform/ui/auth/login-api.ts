import type { LoginResult } from '#metadata';
import { http } from '../http';
import { browserFingerprint } from './browser-fingerprint';
import { hashPassword } from './hash-password';
import { settledLogout } from './session-store';

/** Server paths of sign-in. */
export const authPaths = {
  login: '/api/auth/login',
  loginWithCaptcha: '/api/auth/LoginWithRecaptcha',
  captchaChallenge: '/api/auth/captcha/challenge',
  loginOptions: '/api/auth/LoginOptions',
};

/** The spec sends a captcha sign-in only after this pause. */
export const captchaLoginDelayMs = 100;

/** What the sign-in screen may offer; demo accounts only while demo mode is on. */
export interface LoginOptions {
  DemoAccounts: Array<{ Name: string; Description: string }>;
  DemoPassword: string | null;
}

export interface SignInRequest {
  user: string;
  /** The typed password; only its SHA-512 digest is sent. */
  password: string;
  /** Remember me: a longer-lived session. */
  save: boolean;
  /** A verified captcha payload; single use. */
  captcha?: string | null;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server to sign in; with a captcha payload, through LoginWithRecaptcha after
 * 100 ms. Resolves with the LoginResult (the session cookie is set on success; load the
 * session next). Rejects with `HttpError` when the server fails, without any dialog.
 *
 * @example
 * const result = await requestLogin({ user: 'admin', password, save: false });
 * if (result.Succeeded) await useSession.getState().load();
 */
export async function requestLogin(request: SignInRequest): Promise<LoginResult> {
  await settledLogout();
  const [Pass, FingerPrint] = await Promise.all([
    hashPassword(request.password),
    browserFingerprint(),
  ]);
  const body = { User: request.user, Pass, Save: request.save, FingerPrint };
  if (!request.captcha) {
    return await http.post<LoginResult>(authPaths.login, { body, errorHandling: 'none' });
  }
  await pause(captchaLoginDelayMs);
  return await http.post<LoginResult>(authPaths.loginWithCaptcha, {
    body: { ...body, ReCaptcha: request.captcha },
    errorHandling: 'none',
  });
}

/**
 * The sign-in screen's options; when the server cannot say, none (no demo accounts).
 *
 * @example const { DemoAccounts, DemoPassword } = await readLoginOptions();
 */
export async function readLoginOptions(): Promise<LoginOptions> {
  try {
    const options = await http.get<Partial<LoginOptions> | null>(authPaths.loginOptions, {
      errorHandling: 'none',
    });
    return {
      DemoAccounts: Array.isArray(options?.DemoAccounts) ? options.DemoAccounts : [],
      DemoPassword: options?.DemoPassword ?? null,
    };
  } catch {
    return { DemoAccounts: [], DemoPassword: null };
  }
}
