import type { Kysely, Transaction } from 'kysely';
import type { UserView } from '#metadata';
import type { Database } from '../../db/schema';
import { listGroups, listGroupsOfUsers } from '../../repositories/groups';
import { findUser, type UserRow } from '../../repositories/people-users';
import { listRoles, listRolesOfUsers } from '../../repositories/roles';
import type { Membership } from './users-belong-to';

type Db = Kysely<Database> | Transaction<Database>;
type Role = UserView['Roles'][number];
type Group = NonNullable<UserView['Groups']>[number];

export const fullNameOf = (user: { name: string; firstName: string; surname: string }) =>
  [user.firstName, user.surname].filter(Boolean).join(' ') || user.name;

function toView(user: UserRow, roles: Role[], groups: Group[], membership: Membership): UserView {
  return {
    Id: user.id,
    Name: user.name,
    FirstName: user.firstName,
    Surname: user.surname,
    FullName: fullNameOf(user),
    Email: user.email,
    Active: user.active,
    Language: user.languageId,
    ...(membership.companies
      ? { Company: user.companyId ? { Id: user.companyId, Name: user.companyName ?? '' } : null }
      : {}),
    Roles: roles,
    ...(membership.groups ? { Groups: groups } : {}),
    IsAdmin: Boolean(user.isAdmin),
    Version: user.version,
  };
}

/** Users as lists show them: each with the roles and groups they have. */
export async function userListViews(
  db: Db,
  users: UserRow[],
  membership: Membership,
): Promise<UserView[]> {
  const ids = users.map((u) => u.id);
  const roles = await listRolesOfUsers(db, ids);
  const groups = membership.groups ? await listGroupsOfUsers(db, ids) : [];
  return users.map((user) =>
    toView(
      user,
      roles
        .filter((r) => r.userId === user.id)
        .map((r) => ({ Id: r.id, Name: r.name, IsAdmin: r.isAdmin, IsChecked: true })),
      groups
        .filter((g) => g.userId === user.id)
        .map((g) => ({ Id: g.id, Name: g.name, IsQueryGroup: g.isQueryGroup, IsChecked: true })),
      membership,
    ),
  );
}

const blankUser: UserRow = {
  id: 0,
  name: '',
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
 * A user as the editor shows it: every role and group, each with IsChecked. Id 0 gives the
 * blank form of a new user; undefined when there is no such user.
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
  return toView(user, roles, groups, membership);
}
