import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { settingValue } from '../settings/index';
import type { CaptchaSettings } from '../../security/captcha';

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
 * The security settings, as their section (metadata/settings/security.ts) states their
 * defaults and ranges: they are consulted on every request, so each is cached for a few seconds
 * (a changed setting taking that long to apply is acceptable).
 */
export async function securitySettings(db: Kysely<Database>): Promise<SecuritySettings> {
  const number = (key: string) => settingValue<number>(db, key);
  return {
    maxFailedAttempts: await number('Security.MaxFailedLoginAttempts'),
    lockoutMinutes: await number('Security.LockoutMinutes'),
    captchaAfterFailedAttempts: await number('Security.CaptchaAfterFailedAttempts'),
    revealFailureReason: await settingValue<boolean>(db, 'Security.RevealLoginFailureReason'),
    idleTimeoutMinutes: await number('Security.IdleTimeoutMinutes'),
    sessionHours: await number('Security.SessionHours'),
    rememberMeDays: await number('Security.RememberMeDays'),
    localSignInEnabled: await settingValue<boolean>(db, 'Security.LocalSignInEnabled'),
    captcha: {
      cost: await number('Security.CaptchaCost'),
      counterMin: await number('Security.CaptchaCounterMin'),
      counterMax: await number('Security.CaptchaCounterMax'),
      expiresInSeconds: 600,
    },
  };
}
