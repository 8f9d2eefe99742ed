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
import { retireUserTickets } from './repositories/account-tickets';
import { type EntityAccess, ownRowAccess } from '../../engine/entity-access';
import { readEntity, saveEntity } from '../../engine/entity-service';
import { findAccountUser } from './repositories/account-users';
import { isNameHeldRefusal } from '../people/index';
import { revokeUserSessions } from '../sign-in/index';
import { updatePasswordHash } from './repositories/users';
import type { HashQueue } from '../../security/hash-queue';
import { isUserNameDigest } from './password-rules';

const notYours = () => new AppError('Forbidden', 'You can only change your own account.');

/** The profile's fields, as the engine's Users row names them and as UpdateUser does. */
const profileFields: Readonly<Record<string, string>> = {
  Name: 'name',
  FirstName: 'firstName',
  Surname: 'surname',
  Language: 'languageId',
};

/**
 * A refused profile save, answered as UpdateUser names its fields; a name another account holds
 * is the spec's flag, whoever holds it (it names no account).
 */
function asProfileAnswer(error: unknown): UpdateUserResult {
  if (!(error instanceof AppError) || error.code !== 'BadRequest') throw error;
  const errors = error.fieldErrors;
  const held = (message: string) => /already/.test(message) || isNameHeldRefusal(message);
  if (errors.some((e) => e.Field === 'Name' && held(e.Message))) {
    return { Succeeded: false, UsernameAlreadyExists: true };
  }
  throw new AppError(
    error.code,
    error.message,
    errors.map((e) => ({ ...e, Field: profileFields[e.Field] ?? e.Field })),
  );
}

interface ProfileRow {
  Name: string;
  FirstName: string;
  Surname: string;
  FullName: string;
  Language: string | null;
  Version: number;
}

/**
 * The signed-in user changes their own names, user name and language: a save of their own
 * Users row through the engine (its rules, its unique checks, its change log), limited to
 * those fields.
 */
export async function updateOwnProfile(
  db: Kysely<Database>,
  users: EntityAccess,
  caller: CurrentUser,
  request: UpdateUserRequest,
): Promise<UpdateUserResult> {
  if (request.id !== caller.Id) throw notYours();
  const own = ownRowAccess(users, Object.keys(profileFields));
  const current = await readEntity<ProfileRow>(db, own, caller.Id);
  if (!current) throw notYours();
  const payload = {
    Id: caller.Id,
    Version: current.Version,
    Name: request.name,
    ...(request.firstName === undefined ? {} : { FirstName: request.firstName }),
    ...(request.surname === undefined ? {} : { Surname: request.surname }),
    Language: request.languageId || null,
  };
  const saved = await saveEntity<ProfileRow>(db, own, payload).catch(asProfileAnswer);
  if (!('Name' in saved)) return saved;
  return {
    Succeeded: true,
    User: {
      ...caller,
      Name: saved.Name,
      FirstName: saved.FirstName ?? '',
      Surname: saved.Surname ?? '',
      FullName: saved.FullName,
      Language: saved.Language,
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
    ? await hashing.verify(request.CurrentPassword, user.passwordHash, 'trusted')
    : false;
  if (!current) return { Succeeded: false, InvalidCurrentPassword: true };
  if (isUserNameDigest(request.NewPassword, user.name)) {
    return { Succeeded: false, UserPasswordInvalid: true };
  }
  // A signed-in user's own change: served before anonymous sign-in attempts.
  const passwordHash = await hashing.hash(request.NewPassword, 'trusted');
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, sessionId ?? undefined);
    await retireUserTickets(trx, user.id);
  });
  return { Succeeded: true };
}
