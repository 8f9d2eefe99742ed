import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { BaseWhere } from '../../../engine/odata/index';
import { findUsersByAddress } from '../../account/index';
import { userIdsWithin } from '../repositories/people-users';

/** The user fields that hold an address someone signs in by. */
export type AddressField = 'Name' | 'Email';

export const isAddressField = (field: string): field is AddressField =>
  field === 'Name' || field === 'Email';

const takenWithinReach: Record<AddressField, string> = {
  Email: 'Another account already uses this e-mail address.',
  Name: 'Another account already has this name or e-mail address.',
};

const refusedBeyondReach: Record<AddressField, string> = {
  Email: 'This e-mail address cannot be used.',
  Name: 'This name cannot be used.',
};

/**
 * Whether a refusal of the user name is addressRefusal's (the name is held), whichever
 * answer: the profile's UpdateUser answers either with its spec flag, UsernameAlreadyExists,
 * as self-registration does, which names no account.
 */
export const isNameHeldRefusal = (message: string): boolean =>
  message === takenWithinReach.Name || message === refusedBeyondReach.Name;

/**
 * Why `text` cannot be the `field` of the account `exceptId` (null: a new one), or null when it
 * is free: another account has it as its user name or e-mail, ignoring case. Addresses are
 * unique across the installation (people sign in by them), so the value is refused wherever
 * that account is; but the answer tells no more than the caller could read: an account among
 * the rows they read is "another account", one beyond them (another company's, another group's)
 * gets the same neutral "cannot be used" as any value refused, naming and confirming nobody.
 * The save (user hooks' beforeWrite) and the unique check (`api/check/IsUnique{field}`) both
 * answer with this, so they always agree.
 */
export async function addressRefusal(
  db: Kysely<Database> | Transaction<Database>,
  field: AddressField,
  text: string,
  exceptId: number | null,
  readable: BaseWhere | null,
): Promise<string | null> {
  if (text.trim() === '') return null;
  const holders = (await findUsersByAddress(db, text))
    .map((user) => user.id)
    .filter((id) => id !== exceptId);
  if (holders.length === 0) return null;
  const readableHolders = await userIdsWithin(db, holders, readable);
  return readableHolders.length > 0 ? takenWithinReach[field] : refusedBeyondReach[field];
}
