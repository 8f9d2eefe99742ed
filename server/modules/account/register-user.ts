import type { Kysely } from 'kysely';
import type { RegisterUserRequest, RegisterUserResult } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import {
  insertRegisteredUser,
  isAddressTaken,
  isUniqueViolation,
} from './repositories/account-users';
import { findLanguage } from '../languages/index';
import { getSetting } from '../settings/index';
import type { HashQueue } from '../../security/hash-queue';
import { usersBelongTo } from '../people/index';
import { securitySettings } from '../sign-in/index';
import { isUserNameDigest } from './password-rules';
import { mailTicket, type AccountMailContext } from './ticket-mail';

/**
 * Self-registration is open while users sign in with passwords and do not belong to
 * companies (with companies, accounts come from company registration or administrators).
 */
export async function registrationAllowed(db: Kysely<Database>): Promise<boolean> {
  if (!(await securitySettings(db)).localSignInEnabled) return false;
  return !(await usersBelongTo(db)).companies;
}

/** Setting `Security.ConfirmRegistrationEmail` (default on): only `false` turns it off. */
async function confirmationRequired(db: Kysely<Database>): Promise<boolean> {
  return (await getSetting<unknown>(db, 'Security.ConfirmRegistrationEmail', true)) !== false;
}

/**
 * Creates an active account named by its e-mail address. Only name, names, password and
 * language are read: whatever else is posted, the account gets no role, group or company.
 * An address some account already has, as e-mail or user name, is refused, so nobody can
 * prepare an account in someone else's name. Unless the setting turns it off, the account
 * signs in only once the link mailed to the address has been followed.
 */
export async function registerUser(
  context: AccountMailContext,
  hashing: HashQueue,
  request: RegisterUserRequest,
): Promise<RegisterUserResult> {
  const { db } = context;
  if (!(await registrationAllowed(db))) {
    throw new AppError('Forbidden', 'Registration is not available.');
  }
  const name = request.Name.trim();
  if (isUserNameDigest(request.Password, name)) {
    return { Succeeded: false, UserPasswordInvalid: true };
  }
  if (await isAddressTaken(db, name)) return { Succeeded: false, UsernameAlreadyExists: true };
  const language = request.Language ? await findLanguage(db, request.Language) : undefined;
  const confirm = await confirmationRequired(db);
  const passwordHash = await hashing.hash(request.Password);
  const user = {
    name,
    email: name,
    firstName: request.FirstName?.trim() ?? '',
    surname: request.Surname?.trim() ?? '',
    languageId: language?.id ?? null,
  };
  let id: number;
  try {
    id = await insertRegisteredUser(db, {
      ...user,
      passwordHash,
      emailConfirmedAt: confirm ? null : new Date(),
    });
  } catch (error) {
    // Someone took the name or the address between the check and the insert.
    if (isUniqueViolation(error)) return { Succeeded: false, UsernameAlreadyExists: true };
    throw error;
  }
  if (!confirm) return { Succeeded: true };
  await mailTicket(context, { id, ...user }, 'confirm', null);
  return { Succeeded: true, ConfirmationMailed: true };
}
