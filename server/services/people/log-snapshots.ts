import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { listGroupsOfUsers } from '../../repositories/groups';
import { findUser } from '../../repositories/people-users';
import {
  findRole,
  listDelegatedRoles,
  listPermissionsOfRole,
  listRoleMembers,
  listRolesOfUsers,
} from '../../repositories/roles';
import { listUnitsOfUsers } from '../../repositories/user-units';
import type { Snapshot } from './change-log';

type Db = Kysely<Database> | Transaction<Database>;

/** What the change log records of each people row; undefined when there is no such row. */
export async function userSnapshot(db: Db, id: number): Promise<Snapshot | undefined> {
  const user = await findUser(db, id);
  if (!user) return undefined;
  return {
    fields: {
      Name: user.name,
      FirstName: user.firstName,
      Surname: user.surname,
      Email: user.email,
      Active: user.active,
      Language: user.languageId,
      Company: user.companyName,
    },
    lists: {
      Roles: await listRolesOfUsers(db, [id]),
      Groups: await listGroupsOfUsers(db, [id]),
      Units: await listUnitsOfUsers(db, [id]),
    },
  };
}

/** A role's fields and lists; `withUsers` adds who holds it. */
export async function roleSnapshot(
  db: Db,
  id: number,
  withUsers = false,
): Promise<Snapshot | undefined> {
  const role = await findRole(db, id);
  if (!role) return undefined;
  return {
    fields: { Name: role.name, IsAdmin: role.isAdmin, IsParameterised: role.isParameterised },
    lists: {
      Permissions: await listPermissionsOfRole(db, id),
      DelegatedRoles: await listDelegatedRoles(db, id),
      ...(withUsers ? { Users: await listRoleMembers(db, id) } : {}),
    },
  };
}
