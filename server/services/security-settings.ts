import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { cachedSetting } from './settings-cache';
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

/**
 * The security settings: they are consulted on every request, so each is cached for a few
 * seconds (a changed setting taking that long to apply is acceptable).
 */
export async function securitySettings(db: Kysely<Database>): Promise<SecuritySettings> {
  const number = (key: string, fallback: number) => cachedSetting<number>(db, key, fallback);
  return {
    maxFailedAttempts: await number('Security.MaxFailedLoginAttempts', 5),
    lockoutMinutes: await number('Security.LockoutMinutes', 15),
    captchaAfterFailedAttempts: await number('Security.CaptchaAfterFailedAttempts', 3),
    revealFailureReason: await cachedSetting(db, 'Security.RevealLoginFailureReason', false),
    idleTimeoutMinutes: await number('Security.IdleTimeoutMinutes', 10),
    sessionHours: await number('Security.SessionHours', 12),
    rememberMeDays: await number('Security.RememberMeDays', 30),
    localSignInEnabled: await cachedSetting(db, 'Security.LocalSignInEnabled', true),
    captcha: {
      cost: await number('Security.CaptchaCost', 1000),
      counterMin: await number('Security.CaptchaCounterMin', 2000),
      counterMax: await number('Security.CaptchaCounterMax', 6000),
      expiresInSeconds: 600,
    },
  };
}
