import type { Kysely, Transaction } from 'kysely';
import type { UserView } from '#metadata';
import type { Database } from '../../db/schema';
import { listGroups, listGroupsOfUsers } from '../../repositories/groups';
import { findUser, type UserListRow, type UserRow } from '../../repositories/people-users';
import { listRoles, listRolesOfUsers } from '../../repositories/roles';
import { listUnitNames, listUnitsOfUsers } from '../../repositories/user-units';
import type { Membership } from './users-belong-to';

type Db = Kysely<Database> | Transaction<Database>;
type Role = UserView['Roles'][number];
type Group = NonNullable<UserView['Groups']>[number];
type Unit = UserView['Units'][number];

interface Memberships {
  roles: Role[];
  groups: Group[];
  units: Unit[];
}

function toView(user: UserRow, lists: Memberships, membership: Membership): UserView {
  return {
    Id: user.id,
    Name: user.name,
    FirstName: user.firstName,
    Surname: user.surname,
    FullName: user.fullName,
    Email: user.email,
    Active: user.active,
    Language: user.languageId,
    ...(membership.companies
      ? {
          Company: user.companyId ? { Id: user.companyId, Name: user.companyName ?? '' } : null,
          CompanyName: user.companyName,
        }
      : {}),
    Roles: lists.roles,
    ...(membership.groups ? { Groups: lists.groups } : {}),
    Units: lists.units,
    IsAdmin: Boolean(user.isAdmin),
    Version: user.version,
  };
}

/** Users as lists show them, from rows carrying their roles, groups and units. */
export function userListViews(users: UserListRow[], membership: Membership): UserView[] {
  return users.map((user) =>
    toView(
      user,
      {
        roles: user.roles.map((r) => ({
          Id: r.id,
          Name: r.name,
          IsAdmin: r.isAdmin,
          IsChecked: true,
        })),
        groups: user.groups.map((g) => ({
          Id: g.id,
          Name: g.name,
          IsQueryGroup: g.isQueryGroup,
          IsChecked: true,
        })),
        units: user.units.map((u) => ({ Id: u.id, Name: u.name, IsChecked: true })),
      },
      membership,
    ),
  );
}

const blankUser: UserRow = {
  id: 0,
  name: '',
  fullName: '',
  firstName: '',
  surname: '',
  email: '',
  active: true,
  languageId: null,
  companyId: null,
  companyName: null,
  version: 0,
  isAdmin: false,
};

/**
 * A user as the editor shows it: every role, group and unit, each with IsChecked. Id 0 gives
 * the blank form of a new user; undefined when there is no such user or it is outside `scope`.
 */
export async function userEditorView(
  db: Db,
  id: number,
  membership: Membership,
): Promise<UserView | undefined> {
  const user = id === 0 ? blankUser : await findUser(db, id);
  if (!user) return undefined;
  const held = new Set((await listRolesOfUsers(db, [id])).map((r) => r.id));
  const roles = (await listRoles(db)).map((r) => ({
    Id: r.id,
    Name: r.name,
    IsAdmin: r.isAdmin,
    IsChecked: held.has(r.id),
  }));
  let groups: Group[] = [];
  if (membership.groups) {
    const inGroups = new Set((await listGroupsOfUsers(db, [id])).map((g) => g.id));
    groups = (await listGroups(db)).map((g) => ({
      Id: g.id,
      Name: g.name,
      IsQueryGroup: g.isQueryGroup,
      IsChecked: inGroups.has(g.id),
    }));
  }
  const hasUnits = new Set((await listUnitsOfUsers(db, [id])).map((u) => u.id));
  const units = (await listUnitNames(db)).map((u) => ({
    Id: u.id,
    Name: u.name,
    IsChecked: hasUnits.has(u.id),
  }));
  return toView(user, { roles, groups, units }, membership);
}
