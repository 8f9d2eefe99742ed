import type { CurrentUser, SendPasswordResetResult } from '#metadata';
import { AppError } from '../../errors/app-error';
import { findUsersByAddress, isAdminUser } from '../../repositories/account-users';
import { mailTicket, type AccountMailContext } from './ticket-mail';

/**
 * A user manager sends the password mail to the accounts an address names: the reset link,
 * or the registration link to an account that never had a password. Only an administrator
 * may do it for an administrator's account.
 */
export async function sendPasswordResetByAdmin(
  context: AccountMailContext,
  caller: CurrentUser,
  address: string,
): Promise<SendPasswordResetResult> {
  const accounts = (await findUsersByAddress(context.db, address)).filter((user) => user.email);
  if (accounts.length === 0) throw new AppError('NotFound', 'No user has this e-mail address.');
  if (!caller.IsAdmin) {
    for (const user of accounts) {
      if (await isAdminUser(context.db, user.id)) {
        throw new AppError(
          'Forbidden',
          "Only an administrator can reset an administrator's password.",
        );
      }
    }
  }
  for (const user of accounts) {
    await mailTicket(context, user, user.passwordHash ? 'reset' : 'register', null);
  }
  return { Sent: accounts.length };
}
