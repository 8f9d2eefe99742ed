import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function ensureCompany(db: Db, companyName: string): Promise<number> {
  await db
    .insertInto('companies')
    .values({ companyName })
    .onConflict((oc) => oc.column('companyName').doNothing())
    .execute();
  const row = await db
    .selectFrom('companies')
    .select('id')
    .where('companyName', '=', companyName)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function ensureGroup(db: Db, name: string): Promise<number> {
  await db
    .insertInto('groups')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SeedUser {
  name: string;
  firstName: string;
  surname: string;
  email: string;
  passwordHash: string;
  companyId: number | null;
  roleIds: number[];
  groupIds: number[];
}

export async function insertUser(db: Db, user: SeedUser): Promise<number> {
  const { roleIds, groupIds, ...row } = user;
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  if (roleIds.length > 0) {
    await db
      .insertInto('userRoles')
      .values(roleIds.map((roleId) => ({ userId: id, roleId })))
      .execute();
  }
  if (groupIds.length > 0) {
    await db
      .insertInto('userGroups')
      .values(groupIds.map((groupId) => ({ userId: id, groupId })))
      .execute();
  }
  return id;
}
