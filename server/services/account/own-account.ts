import type { Kysely } from 'kysely';
import type {
  ChangePasswordRequest,
  ChangePasswordResult,
  CurrentUser,
  UpdateUserRequest,
  UpdateUserResult,
} from '#metadata';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { retireUserTickets } from '../../repositories/account-tickets';
import {
  findAccountUser,
  isUniqueViolation,
  isUserNameTaken,
  updateProfile,
} from '../../repositories/account-users';
import { findLanguage } from '../../repositories/languages';
import { revokeUserSessions } from '../../repositories/sessions';
import { updatePasswordHash } from '../../repositories/users';
import type { HashQueue } from '../../security/hash-queue';
import { isUserNameDigest } from './password-rules';

const notYours = () => new AppError('Forbidden', 'You can only change your own account.');

/** The signed-in user changes their own names, user name and language. */
export async function updateOwnProfile(
  db: Kysely<Database>,
  caller: CurrentUser,
  request: UpdateUserRequest,
): Promise<UpdateUserResult> {
  if (request.id !== caller.Id) throw notYours();
  const name = request.name.trim();
  if (await isUserNameTaken(db, name, caller.Id)) {
    return { Succeeded: false, UsernameAlreadyExists: true };
  }
  const languageId = request.languageId || null;
  if (languageId && !(await findLanguage(db, languageId))) {
    const message = 'The language does not exist.';
    throw new AppError('BadRequest', message, [{ Field: 'languageId', Message: message }]);
  }
  const firstName = (request.firstName ?? caller.FirstName).trim();
  const surname = (request.surname ?? caller.Surname).trim();
  try {
    await updateProfile(db, caller.Id, { name, firstName, surname, languageId });
  } catch (error) {
    // Someone took the name between the check and the update.
    if (isUniqueViolation(error)) return { Succeeded: false, UsernameAlreadyExists: true };
    throw error;
  }
  return {
    Succeeded: true,
    User: {
      ...caller,
      Name: name,
      FirstName: firstName,
      Surname: surname,
      FullName: [firstName, surname].filter(Boolean).join(' ') || name,
      Language: languageId,
    },
  };
}

/**
 * The signed-in user changes their password, proving the current one. Every other session of
 * theirs ends; the one asking stays signed in.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  hashing: HashQueue,
  caller: CurrentUser,
  sessionId: string | null,
  request: ChangePasswordRequest,
): Promise<ChangePasswordResult> {
  if (request.Name.trim().toLowerCase() !== caller.Name.toLowerCase()) throw notYours();
  const user = await findAccountUser(db, caller.Id);
  if (!user) throw notYours();
  const current = user.passwordHash
    ? await hashing.verify(request.CurrentPassword, user.passwordHash)
    : false;
  if (!current) return { Succeeded: false, InvalidCurrentPassword: true };
  if (isUserNameDigest(request.NewPassword, user.name)) {
    return { Succeeded: false, UserPasswordInvalid: true };
  }
  const passwordHash = await hashing.hash(request.NewPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, sessionId ?? undefined);
    await retireUserTickets(trx, user.id);
  });
  return { Succeeded: true };
}
