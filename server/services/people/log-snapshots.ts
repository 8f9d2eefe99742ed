import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { findCompany, listCompanyMembers, listContacts } from '../../repositories/companies';
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

/** A company's fields and contacts; `withUsers` adds its members. */
export async function companySnapshot(
  db: Db,
  id: number,
  withUsers = false,
): Promise<Snapshot | undefined> {
  const company = await findCompany(db, id);
  if (!company) return undefined;
  const contacts = await listContacts(db, id);
  return {
    fields: {
      CompanyName: company.companyName,
      IsParameterised: company.isParameterised,
      Contacts: contacts.map((c) => ({
        TypeId: c.typeId,
        Name: c.name,
        Email: c.email,
        Phone: c.phone,
      })),
    },
    lists: withUsers ? { Users: await listCompanyMembers(db, id) } : {},
  };
}
