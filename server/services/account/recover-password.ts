import type { RecoverPasswordRequest, RecoverPasswordResult } from '#metadata';
import { findUsersByAddress } from '../../repositories/account-users';
import { findText } from '../../repositories/translation-lookup';
import { securitySettings } from '../security-settings';
import { answerNoSoonerThan } from './steady-answer';
import { mailPasswordTicket, type AccountMailContext } from './ticket-mail';

/** Known and unknown addresses are answered after the same minimum time. */
const minimumAnswerMs = 250;

/**
 * "Forgot your password?": mails a reset link to every active account the address names
 * (by e-mail or user name); an account that never had a password gets the registration
 * link instead. An account mailed within `Security.PasswordMailMinutes` is skipped. Unless
 * the setting reveals it, the answer says nothing about whether the address is known, and
 * it never says whether a mail was skipped.
 */
export async function recoverPassword(
  context: AccountMailContext,
  { Email, Language }: RecoverPasswordRequest,
): Promise<RecoverPasswordResult> {
  const started = Date.now();
  const { db } = context;
  const reveal = (await securitySettings(db)).revealFailureReason;
  const accounts = (await findUsersByAddress(db, Email)).filter(
    (user) => user.active && user.email,
  );
  for (const user of accounts) await mailPasswordTicket(context, user, Language);
  await answerNoSoonerThan(started, minimumAnswerMs);
  if (accounts.length === 0 && reveal) {
    const reason = await findText(db, Language ?? null, 'PAGES.RECOVER_PASSWORD.UNKNOWN_ADDRESS');
    return { ShowHelpfulMessages: true, Successfully: false, Exception: reason };
  }
  return { ShowHelpfulMessages: reveal, Successfully: true, Exception: null };
}
