import type { Kysely } from 'kysely';
import type { UserView } from '#metadata';
import type { Database } from '../../../db/schema';
import type { EntityAccess } from '../../../engine/entity-access';
import { listEntity, maxListTop } from '../../../engine/entity-list';
import { blankEntity, isNewRowKey } from '../../../engine/entity-service';
import { type Membership, usersBelongTo } from './users-belong-to';

type Row = Record<string, unknown>;
type Role = UserView['Roles'][number];
type Group = NonNullable<UserView['Groups']>[number];
type Unit = UserView['Units'][number];

interface Memberships {
  roles: Role[];
  groups: Group[];
  units: Unit[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const integer = (value: unknown) => (typeof value === 'number' ? value : 0);
const rows = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const byName = (a: Row, b: Row) =>
  text(a.Name) < text(b.Name)
    ? -1
    : text(a.Name) > text(b.Name)
      ? 1
      : integer(a.Id) - integer(b.Id);
/** A user's items by name, as lists show them (the engine gives them by key). */
const named = (value: unknown) => rows(value).sort(byName);

const roleOf = (item: Row, IsChecked: boolean): Role => ({
  Id: integer(item.Id),
  Name: text(item.Name),
  IsAdmin: item.IsAdmin === true,
  IsChecked,
});
const groupOf = (item: Row, IsChecked: boolean): Group => ({
  Id: integer(item.Id),
  Name: text(item.Name),
  IsQueryGroup: item.IsQueryGroup === true,
  IsChecked,
});
const unitOf = (item: Row, IsChecked: boolean): Unit => ({
  Id: integer(item.Id),
  Name: text(item.Name),
  IsChecked,
});

/** A user row of the engine (its fields and collections) as the user calls answer it. */
function toView(user: Row, lists: Memberships, membership: Membership): UserView {
  const companyId = typeof user.CompanyId === 'number' ? user.CompanyId : null;
  return {
    Id: integer(user.Id),
    Name: text(user.Name),
    FirstName: text(user.FirstName),
    Surname: text(user.Surname),
    FullName: text(user.FullName),
    Email: text(user.Email),
    Active: user.Active !== false,
    Language: textOrNull(user.Language),
    ...(membership.companies
      ? {
          Company: companyId === null ? null : { Id: companyId, Name: text(user.CompanyName) },
          CompanyName: textOrNull(user.CompanyName),
        }
      : {}),
    Roles: lists.roles,
    ...(membership.groups ? { Groups: lists.groups } : {}),
    Units: lists.units,
    IsAdmin:
      typeof user.IsAdmin === 'boolean'
        ? user.IsAdmin
        : rows(user.Roles).some((role) => role.IsAdmin === true),
    Version: integer(user.Version),
  };
}

/** A user as lists show it, from an engine row: the roles, groups and units it holds. */
export function userListView(user: Row, membership: Membership): UserView {
  return toView(
    user,
    {
      roles: named(user.Roles).map((role) => roleOf(role, true)),
      groups: named(user.Groups).map((group) => groupOf(group, true)),
      units: named(user.Units).map((unit) => unitOf(unit, true)),
    },
    membership,
  );
}

/** Where an answer's field comes from, when not from the engine field of the same name. */
const sourceOf: Readonly<Record<string, string>> = { Company: 'CompanyId' };

/** The same for a page of an OData list: only the fields the row holds (see `$select`). */
export function userPageView(user: Row, membership: Membership): Partial<UserView> {
  const view = userListView(user, membership);
  return Object.fromEntries(
    Object.entries(view).filter(
      ([field]) => field === 'Id' || Object.hasOwn(user, sourceOf[field] ?? field),
    ),
  ) as Partial<UserView>;
}

/**
 * What the user editor reads through: the users, and the roles, groups and units it offers
 * (no groups while users belong to none: they are closed then).
 */
export interface UserEditorAccess {
  users: EntityAccess;
  roles: EntityAccess;
  groups: EntityAccess | null;
  units: EntityAccess;
}

const nameOrder = [{ field: 'Name', desc: false }];

async function offered(db: Kysely<Database>, access: EntityAccess, select: string) {
  const params = { $select: select, $top: String(maxListTop) };
  return (await listEntity(db, access, params, { orderBy: nameOrder })).value;
}

/**
 * A user as the editor shows it: every role, group and unit the caller may see, each with
 * IsChecked. Id 0 gives the blank form of a new user; undefined when there is no such user
 * or it is beyond the caller's reach.
 */
export async function userEditorView(
  db: Kysely<Database>,
  access: UserEditorAccess,
  id: number,
): Promise<UserView | undefined> {
  const membership = await usersBelongTo(db);
  const user = isNewRowKey(id)
    ? blankEntity(access.users)
    : (await listEntity(db, access.users, { $filter: `Id eq ${id}` })).value[0];
  if (!user) return undefined;
  const [roles, groups, units] = await Promise.all([
    offered(db, access.roles, 'Id,Name,IsAdmin'),
    membership.groups && access.groups ? offered(db, access.groups, 'Id,Name,IsQueryGroup') : [],
    offered(db, access.units, 'Id,Name'),
  ]);
  const held = (field: string) => new Set(rows(user[field]).map((item) => item.Id));
  const [hasRole, inGroup, hasUnit] = [held('Roles'), held('Groups'), held('Units')];
  const lists = {
    roles: roles.map((role) => roleOf(role, hasRole.has(role.Id))),
    groups: groups.map((group) => groupOf(group, inGroup.has(group.Id))),
    units: units.map((unit) => unitOf(unit, hasUnit.has(unit.Id))),
  };
  return toView(user, lists, membership);
}
