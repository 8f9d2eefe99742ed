import type { SendPasswordResetResult } from '#metadata';
import { findUsersByAddress } from './repositories/account-users';
import type { Caller } from '../people/index';
import { mayManageUser } from '../people/index';
import { answerNoSoonerThan } from './steady-answer';
import { mailPasswordTicket, type AccountMailContext } from './ticket-mail';

/** Unknown, unreachable and protected accounts are answered after the same minimum time. */
const minimumAnswerMs = 250;

/**
 * A user manager sends the password mail to the accounts an address names that they may
 * manage: the reset link, or the registration link to an account that never had a password.
 * Sent counts those accounts, so an unknown address, an account outside the caller's scope,
 * one the Users row rules hide from them (`mayRead`, the engine's read of the row) and one more
 * privileged than the caller all answer `{ Sent: 0 }` alike and get no mail. An
 * account mailed within `Security.PasswordMailMinutes` is skipped, still counted as sent.
 */
export async function sendPasswordResetByAdmin(
  context: AccountMailContext,
  caller: Caller,
  address: string,
  mayRead: (userId: number) => Promise<boolean>,
): Promise<SendPasswordResetResult> {
  const started = Date.now();
  const accounts = (await findUsersByAddress(context.db, address)).filter((user) => user.email);
  let sent = 0;
  for (const user of accounts) {
    if (!(await mayRead(user.id)) || !(await mayManageUser(context.db, caller, user.id))) continue;
    await mailPasswordTicket(context, user, null);
    sent += 1;
  }
  await answerNoSoonerThan(started, minimumAnswerMs);
  return { Sent: sent };
}
