import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { findUserByName, updatePasswordHash } from '../account/index';
import { insertLoginAudit } from '../login-audit/index';
import {
  clearLoginFailures,
  lockLoginName,
  releaseLoginFailure,
  reserveLoginFailure,
} from './repositories/login-attempts';
import { claimCaptcha } from './repositories/used-captchas';
import { verifyCaptcha } from '../../security/captcha';
import type { HashQueue } from '../../security/hash-queue';
import { needsRehash } from '../../security/password-hash';
import { parseUserAgent } from '../../security/user-agent';
import { deviceFailureKey, trustDevice, trustedDeviceFor } from './device-trust';
import { startSignedInSession, type SessionStartContext } from './identity-provider';
import { securitySettings } from './security-settings';

/** The password provider's id, in the login audit of every attempt it answers. */
export const passwordProviderId = 'password';

export interface LoginAttempt {
  User: string;
  Pass: string;
  Save: boolean;
  FingerPrint?: string;
  ReCaptcha?: string;
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
  /** With UserNotActive: the account waits for its registration link to be followed. */
  EmailNotConfirmed?: boolean;
}

export interface LoginContext {
  serverSecret: string;
  /** The server's password hashing, taken in turns. */
  hashing: HashQueue;
}

const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));

/**
 * The password provider's check of a sign-in attempt: lockout, captcha when required, user and
 * password, then the session start common to every provider (which refuses an account that is
 * not active) with its cookie on the reply. Failures are counted per login name whether or not the user exists, and by default an
 * unknown user and a wrong password get the same answer in about the same time. Every attempt
 * is written to the login audit with its true reason.
 *
 * Each attempt reserves its failure before the password is checked and decides on captcha and
 * lockout by its place in the count, so parallel attempts cannot all pass as the first: an
 * attempt that ends without a password check takes its reservation back, a success clears
 * the count.
 *
 * From a browser where the name signed in before (its device cookie), the attempt is trusted:
 * its failures are counted apart from everyone else's (a lock from a flood elsewhere does not
 * stop it) and its password check takes the trusted hashing line. A success marks the browser.
 */
export async function attemptLogin(
  call: SessionStartContext,
  { serverSecret, hashing }: LoginContext,
  attempt: LoginAttempt,
): Promise<LoginResult> {
  const { request } = call;
  const db = request.server.db;
  const settings = await securitySettings(db);
  if (!settings.localSignInEnabled) {
    throw new AppError('Forbidden', 'Signing in with a user name and password is turned off.');
  }
  const loginName = attempt.User.trim();
  const device = trustedDeviceFor(request, serverSecret, loginName);
  const lane = device ? 'trusted' : 'anyone';
  // The name whose failures this attempt counts: the name, or the name on this trusted device.
  const failureKey = device ? deviceFailureKey(loginName, device) : loginName;
  const audit = (userId: number | null, loginResult: string) =>
    insertLoginAudit(db, {
      userId,
      ip: request.ip,
      email: loginName,
      loginResult,
      httpMethod: request.method,
      fingerPrint: attempt.FingerPrint ?? null,
      provider: passwordProviderId,
      ...parseUserAgent(request.headers['user-agent']),
    });
  const lockout = () => new Date(Date.now() + settings.lockoutMinutes * 60_000);

  const reserved = await reserveLoginFailure(db, failureKey, new Date());
  if (reserved.lockedUntil) {
    await audit(null, 'InvalidPasswordAttempts');
    return locked(reserved.lockedUntil);
  }
  const failuresBefore = reserved.failedCount - 1;
  let reservationSettled = false;
  try {
    if (failuresBefore >= settings.captchaAfterFailedAttempts || attempt.ReCaptcha) {
      if (!attempt.ReCaptcha) {
        await audit(null, 'CaptchaRequired');
        return { Succeeded: false, CaptchaRequired: true };
      }
      const captcha = await verifyCaptcha(serverSecret, attempt.ReCaptcha);
      if (!captcha || !(await claimCaptcha(db, captcha.signature, captcha.expiresAt))) {
        await audit(null, 'InvalidCaptcha');
        return { Succeeded: false, CaptchaRequired: true, flag: 'InvalidCaptcha' };
      }
    }
    // As many failures are counted or pending as lock the name: this one waits for the lock.
    if (failuresBefore >= settings.maxFailedAttempts) {
      await audit(null, 'InvalidPasswordAttempts');
      return locked(lockout());
    }

    const user = await findUserByName(db, loginName);
    const fail = async (reason: 'UserNotFound' | 'InvalidPassword') => {
      reservationSettled = true;
      // The lock first: an audit write that failed must not leave the name counted but unlocked.
      const lockedUntil =
        reserved.failedCount >= settings.maxFailedAttempts
          ? await lockLoginName(db, failureKey, lockout())
          : null;
      await audit(user?.id ?? null, reason);
      if (lockedUntil) return locked(lockedUntil);
      return {
        Succeeded: false,
        CaptchaRequired: reserved.failedCount >= settings.captchaAfterFailedAttempts,
        flag: settings.revealFailureReason ? reason : 'InvalidUserOrPassword',
      } satisfies LoginResult;
    };
    if (!user?.passwordHash) {
      await checkInTurn(hashing.verifyAgainstDummy(attempt.Pass, lane), audit);
      return await fail('UserNotFound');
    }
    if (!(await checkInTurn(hashing.verify(attempt.Pass, user.passwordHash, lane), audit)))
      return await fail('InvalidPassword');
    const start = await startSignedInSession(call, {
      provider: passwordProviderId,
      userId: user.id,
      loginName,
      remember: attempt.Save,
      fingerPrint: attempt.FingerPrint ?? null,
    });
    if (!start.started) {
      // Told apart only now that the password is proven: an account waiting for its mailed
      // link is not active yet, and its owner is told what to do about it.
      const waiting = start.emailNotConfirmed ? { EmailNotConfirmed: true } : {};
      return { Succeeded: false, CaptchaRequired: false, flag: 'UserNotActive', ...waiting };
    }
    reservationSettled = true;
    await clearLoginFailures(db, failureKey);
    trustDevice(request, call.reply, serverSecret, loginName, call.config.publicUrl);
    if (needsRehash(user.passwordHash)) await rehash(db, hashing, user.id, attempt.Pass);
    return { Succeeded: true, CaptchaRequired: false };
  } finally {
    if (!reservationSettled) await releaseLoginFailure(db, failureKey);
  }
}

const isBusy = (error: unknown) => error instanceof AppError && error.code === 'ServiceUnavailable';

/** A password check refused for a full hash queue is audited as such before the 503. */
async function checkInTurn<T>(
  check: Promise<T>,
  audit: (userId: null, reason: string) => Promise<unknown>,
) {
  try {
    return await check;
  } catch (error) {
    if (isBusy(error)) await audit(null, 'ServerBusy');
    throw error;
  }
}

/** Redoes an old-cost hash now that the password is known; left for next time when busy. */
async function rehash(db: Kysely<Database>, hashing: HashQueue, userId: number, secret: string) {
  try {
    await updatePasswordHash(db, userId, await hashing.hash(secret));
  } catch (error) {
    if (!isBusy(error)) throw error;
  }
}

function locked(until: Date): LoginResult {
  return {
    Succeeded: false,
    CaptchaRequired: false,
    flag: 'InvalidPasswordAttempts',
    LockedForSeconds: secondsUntil(until),
  };
}
