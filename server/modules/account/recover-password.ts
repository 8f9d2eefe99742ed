import {
  type RecoverPasswordRequest,
  type RecoverPasswordResult,
  recoveryAddressPattern,
} from '#metadata';
import { AppError } from '../../errors/app-error';
import { findUsersByAddress } from './repositories/account-users';
import { findText } from '../languages/index';
import { securitySettings } from '../sign-in/index';
import { answerNoSoonerThan } from './steady-answer';
import { mailPasswordTicket, type AccountMailContext } from './ticket-mail';

const recoveryAddress = new RegExp(recoveryAddressPattern);

/** Known and unknown addresses are answered after the same minimum time. */
const minimumAnswerMs = 250;

/**
 * "Forgot your password?": mails a reset link to every active account the address names
 * (by e-mail or user name); an account that never had a password gets the registration
 * link instead. An account mailed within `Security.PasswordMailMinutes` is skipped. Unless
 * the setting reveals it, the answer says nothing about whether the address is known, and
 * it never says whether a mail was skipped. Input that is neither a plausible e-mail address nor
 * a user name is refused (400, naming Email) whether or not any account exists.
 */
export async function recoverPassword(
  context: AccountMailContext,
  { Email, Language }: RecoverPasswordRequest,
): Promise<RecoverPasswordResult> {
  if (!recoveryAddress.test(Email)) {
    const message = 'Enter an e-mail address (name@example.com) or a user name.';
    throw new AppError('BadRequest', `Email: ${message}`, [{ Field: 'Email', Message: message }]);
  }
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
