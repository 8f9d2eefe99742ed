import type { Kysely } from 'kysely';
import type { RegisterUserRequest, RegisterUserResult } from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import {
  insertRegisteredUser,
  isUniqueViolation,
  isUserNameTaken,
} from '../../repositories/account-users';
import { findLanguage } from '../../repositories/languages';
import { hashPassword } from '../../security/password-hash';
import { usersBelongTo } from '../people/users-belong-to';
import { securitySettings } from '../security-settings';
import { isUserNameDigest } from './password-rules';

/**
 * Self-registration is open while users sign in with passwords and do not belong to
 * companies (with companies, accounts come from company registration or administrators).
 */
export async function registrationAllowed(db: Kysely<Database>): Promise<boolean> {
  if (!(await securitySettings(db)).localSignInEnabled) return false;
  return !(await usersBelongTo(db)).companies;
}

/**
 * Creates an active account named by its e-mail address. Only name, names, password and
 * language are read: whatever else is posted, the account gets no role, group or company.
 */
export async function registerUser(
  db: Kysely<Database>,
  request: RegisterUserRequest,
): Promise<RegisterUserResult> {
  if (!(await registrationAllowed(db))) {
    throw new AppError('Forbidden', 'Registration is not available.');
  }
  const name = request.Name.trim();
  if (isUserNameDigest(request.Password, name)) {
    return { Succeeded: false, UserPasswordInvalid: true };
  }
  if (await isUserNameTaken(db, name)) return { Succeeded: false, UsernameAlreadyExists: true };
  const language = request.Language ? await findLanguage(db, request.Language) : undefined;
  const passwordHash = await hashPassword(request.Password);
  try {
    await insertRegisteredUser(db, {
      name,
      email: name,
      firstName: request.FirstName?.trim() ?? '',
      surname: request.Surname?.trim() ?? '',
      passwordHash,
      languageId: language?.id ?? null,
    });
  } catch (error) {
    // Someone took the name between the check and the insert.
    if (isUniqueViolation(error)) return { Succeeded: false, UsernameAlreadyExists: true };
    throw error;
  }
  return { Succeeded: true };
}
