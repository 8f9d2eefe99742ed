import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const accountColumns = [
  'id',
  'name',
  'email',
  'firstName',
  'surname',
  'active',
  'languageId',
  'passwordHash',
] as const;

/** Accounts an address names: by e-mail, or by user name (both case-insensitive). */
export function findUsersByAddress(db: Db, address: string) {
  const lower = address.trim().toLowerCase();
  return db
    .selectFrom('users')
    .select(accountColumns)
    .where((eb) =>
      eb.or([eb(sql<string>`lower(email)`, '=', lower), eb(sql<string>`lower(name)`, '=', lower)]),
    )
    .orderBy('id')
    .execute();
}

export function findAccountUser(db: Db, id: number) {
  return db.selectFrom('users').select(accountColumns).where('id', '=', id).executeTakeFirst();
}

/** True when another account already has this e-mail address, case-insensitively. */
export async function isEmailTaken(db: Db, email: string, exceptId?: number): Promise<boolean> {
  if (email.trim() === '') return false;
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** True when an account has this address as its e-mail or user name, case-insensitively. */
export async function isAddressTaken(db: Db, address: string): Promise<boolean> {
  return (await findUsersByAddress(db, address)).length > 0;
}

export interface NewRegisteredUser {
  name: string;
  email: string;
  firstName: string;
  surname: string;
  passwordHash: string;
  languageId: string | null;
  /** Null while the address waits for confirmation by the mailed link. */
  emailConfirmedAt: Date | null;
}

/** A self-registered account: active, and with no roles, groups or company. */
export async function insertRegisteredUser(db: Db, user: NewRegisteredUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, active: true, companyId: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What decides whether an account may sign in, by id: whether it is active, and whether it is
 * a self-registered account still waiting for its address to be confirmed.
 */
export function findUserStanding(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'id',
      'active',
      eb('emailConfirmedAt', 'is', null).as('awaitsEmailConfirmation'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The account's address is proven (a link mailed to it was followed); kept if it was before. */
export async function markEmailConfirmed(db: Db, id: number) {
  await db
    .updateTable('users')
    .set({ emailConfirmedAt: new Date() })
    .where('id', '=', id)
    .where('emailConfirmedAt', 'is', null)
    .execute();
}

/** A unique index refused a write: a user name or address was taken between check and write. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
