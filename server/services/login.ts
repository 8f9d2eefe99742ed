import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import { insertLoginAudit } from '../repositories/login-audit';
import {
  clearLoginFailures,
  findLoginFailures,
  recordLoginFailure,
} from '../repositories/login-attempts';
import { insertSession } from '../repositories/sessions';
import { claimCaptcha } from '../repositories/used-captchas';
import { findUserByName, recordLogin, updatePasswordHash } from '../repositories/users';
import { verifyCaptcha } from '../security/captcha';
import {
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from '../security/password-hash';
import { parseUserAgent } from '../security/user-agent';
import { securitySettings, type SecuritySettings } from './security-settings';

export interface LoginAttempt {
  User: string;
  Pass: string;
  Save: boolean;
  FingerPrint?: string;
  ReCaptcha?: string;
  ip: string;
  userAgent: string | undefined;
  httpMethod: string;
}

export type FailureFlag =
  | 'InvalidUserOrPassword'
  | 'UserNotFound'
  | 'InvalidPassword'
  | 'InvalidPasswordAttempts'
  | 'UserNotActive'
  | 'InvalidCaptcha';

export interface LoginResult {
  Succeeded: boolean;
  CaptchaRequired: boolean;
  flag?: FailureFlag;
  LockedForSeconds?: number;
}

export interface StartedSession {
  id: string;
  userId: number;
  remember: boolean;
  expiresAt: Date;
}

type Outcome = { result: LoginResult; session?: StartedSession };

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));

/**
 * Checks a sign-in attempt: lockout, captcha when required, user and password, active flag.
 * Failures are counted per login name whether or not the user exists, and by default an
 * unknown user and a wrong password get the same answer in about the same time. Every attempt
 * is written to the login audit with its true reason.
 */
export async function attemptLogin(
  db: Kysely<Database>,
  serverSecret: string,
  attempt: LoginAttempt,
): Promise<Outcome> {
  const settings = await securitySettings(db);
  if (!settings.localSignInEnabled) {
    throw new AppError('Forbidden', 'Signing in with a user name and password is turned off.');
  }
  const loginName = attempt.User.trim();
  const audit = (userId: number | null, loginResult: string) =>
    insertLoginAudit(db, {
      userId,
      ip: attempt.ip,
      email: loginName,
      loginResult,
      httpMethod: attempt.httpMethod,
      fingerPrint: attempt.FingerPrint ?? null,
      ...parseUserAgent(attempt.userAgent),
    });

  let failures = await findLoginFailures(db, loginName);
  if (failures?.lockedUntil) {
    if (failures.lockedUntil > new Date()) {
      await audit(null, 'InvalidPasswordAttempts');
      return locked(failures.lockedUntil);
    }
    await clearLoginFailures(db, loginName);
    failures = undefined;
  }

  const captchaRequired = (failures?.failedCount ?? 0) >= settings.captchaAfterFailedAttempts;
  if (captchaRequired || attempt.ReCaptcha) {
    if (!attempt.ReCaptcha) {
      await audit(null, 'CaptchaRequired');
      return { result: { Succeeded: false, CaptchaRequired: true } };
    }
    const captcha = await verifyCaptcha(serverSecret, attempt.ReCaptcha);
    if (!captcha || !(await claimCaptcha(db, captcha.signature, captcha.expiresAt))) {
      await audit(null, 'InvalidCaptcha');
      return { result: { Succeeded: false, CaptchaRequired: true, flag: 'InvalidCaptcha' } };
    }
  }

  const fail = async (userId: number | null, reason: 'UserNotFound' | 'InvalidPassword') => {
    await audit(userId, reason);
    return failure(db, loginName, reason, settings);
  };

  const user = await findUserByName(db, loginName);
  if (!user?.passwordHash) {
    await verifyAgainstDummy(attempt.Pass);
    return fail(user?.id ?? null, 'UserNotFound');
  }
  if (!(await verifyPassword(attempt.Pass, user.passwordHash)))
    return fail(user.id, 'InvalidPassword');
  if (!user.active) {
    await audit(user.id, 'UserNotActive');
    return { result: { Succeeded: false, CaptchaRequired: false, flag: 'UserNotActive' } };
  }

  await clearLoginFailures(db, loginName);
  await recordLogin(db, user.id);
  if (needsRehash(user.passwordHash)) {
    await updatePasswordHash(db, user.id, await hashPassword(attempt.Pass));
  }
  const session = await startSession(db, user.id, attempt, settings);
  await audit(user.id, '');
  return { result: { Succeeded: true, CaptchaRequired: false }, session };
}

function locked(until: Date): Outcome {
  return {
    result: {
      Succeeded: false,
      CaptchaRequired: false,
      flag: 'InvalidPasswordAttempts',
      LockedForSeconds: secondsUntil(until),
    },
  };
}

async function failure(
  db: Kysely<Database>,
  loginName: string,
  reason: 'UserNotFound' | 'InvalidPassword',
  settings: SecuritySettings,
): Promise<Outcome> {
  const lockUntil = new Date(Date.now() + settings.lockoutMinutes * 60_000);
  const counted = await recordLoginFailure(db, loginName, settings.maxFailedAttempts, lockUntil);
  if (counted.lockedUntil) return locked(counted.lockedUntil);
  return {
    result: {
      Succeeded: false,
      CaptchaRequired: counted.failedCount >= settings.captchaAfterFailedAttempts,
      flag: settings.revealFailureReason ? reason : 'InvalidUserOrPassword',
    },
  };
}

async function startSession(
  db: Kysely<Database>,
  userId: number,
  attempt: LoginAttempt,
  settings: SecuritySettings,
): Promise<StartedSession> {
  const lifetimeMs = attempt.Save
    ? settings.rememberMeDays * 86_400_000
    : settings.sessionHours * 3_600_000;
  const session = {
    id: randomUUID(),
    userId,
    remember: attempt.Save,
    expiresAt: new Date(Date.now() + lifetimeMs),
  };
  await insertSession(db, {
    ...session,
    ip: attempt.ip,
    userAgent: attempt.userAgent?.slice(0, 500) ?? null,
  });
  return session;
}
