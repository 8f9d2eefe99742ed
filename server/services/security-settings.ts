import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getSetting } from '../repositories/settings';
import type { CaptchaSettings } from '../security/captcha';

export interface SecuritySettings {
  maxFailedAttempts: number;
  lockoutMinutes: number;
  captchaAfterFailedAttempts: number;
  revealFailureReason: boolean;
  idleTimeoutMinutes: number;
  sessionHours: number;
  rememberMeDays: number;
  localSignInEnabled: boolean;
  captcha: CaptchaSettings;
}

const cacheMs = 15_000;
const cache = new WeakMap<Kysely<Database>, { at: number; value: Promise<SecuritySettings> }>();

async function read(db: Kysely<Database>): Promise<SecuritySettings> {
  const number = (key: string, fallback: number) => getSetting<number>(db, key, fallback);
  return {
    maxFailedAttempts: await number('Security.MaxFailedLoginAttempts', 5),
    lockoutMinutes: await number('Security.LockoutMinutes', 15),
    captchaAfterFailedAttempts: await number('Security.CaptchaAfterFailedAttempts', 3),
    revealFailureReason: await getSetting(db, 'Security.RevealLoginFailureReason', false),
    idleTimeoutMinutes: await number('Security.IdleTimeoutMinutes', 10),
    sessionHours: await number('Security.SessionHours', 12),
    rememberMeDays: await number('Security.RememberMeDays', 30),
    localSignInEnabled: await getSetting(db, 'Security.LocalSignInEnabled', true),
    captcha: {
      cost: await number('Security.CaptchaCost', 1000),
      counterMin: await number('Security.CaptchaCounterMin', 2000),
      counterMax: await number('Security.CaptchaCounterMax', 6000),
      expiresInSeconds: 600,
    },
  };
}

/**
 * The security settings, read at most every 15 s per database: they are consulted on every
 * request, and a changed setting taking a few seconds to apply is acceptable.
 */
export function securitySettings(db: Kysely<Database>): Promise<SecuritySettings> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < cacheMs) return cached.value;
  const value = read(db);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** Forgets cached settings, after an administrator saves them. */
export function forgetSecuritySettings(db: Kysely<Database>): void {
  cache.delete(db);
}
