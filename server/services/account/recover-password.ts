import type { RecoverPasswordRequest, RecoverPasswordResult } from '#metadata';
import { countTicketsSince } from '../../repositories/account-tickets';
import { findUsersByAddress } from '../../repositories/account-users';
import { findText } from '../../repositories/translation-lookup';
import { securitySettings } from '../security-settings';
import { mailTicket, type AccountMailContext } from './ticket-mail';

/** At most this many mails per account in `throttleMs`, so nobody's mailbox can be flooded. */
const maxTicketsPerAccount = 3;
const throttleMs = 15 * 60_000;
/** Known and unknown addresses are answered after the same minimum time. */
const minimumAnswerMs = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Forgot your password?": mails a reset link to every active account the address names
 * (by e-mail or user name); an account that never had a password gets the registration
 * link instead. Unless the setting reveals it, the answer says nothing about whether the
 * address is known.
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
  const since = new Date(Date.now() - throttleMs);
  for (const user of accounts) {
    if ((await countTicketsSince(db, user.id, since)) >= maxTicketsPerAccount) continue;
    await mailTicket(context, user, user.passwordHash ? 'reset' : 'register', Language);
  }
  await pause(minimumAnswerMs - (Date.now() - started));
  if (accounts.length === 0 && reveal) {
    const reason = await findText(db, Language ?? null, 'PAGES.RECOVER_PASSWORD.UNKNOWN_ADDRESS');
    return { ShowHelpfulMessages: true, Successfully: false, Exception: reason };
  }
  return { ShowHelpfulMessages: reveal, Successfully: true, Exception: null };
}
