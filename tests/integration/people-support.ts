import type { TestApp } from '../support/test-app';
import { forgetSettings } from '../../server/modules/settings/settings-cache';
import type { ApiClient } from '../support/api-client';

export async function userIdOf(t: TestApp, name: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function roleIdOf(t: TestApp, name: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets what users belong to: 0 none, 1 groups, 2 companies, 3 both. */
export async function setUsersBelongTo(t: TestApp, value: 0 | 1 | 2 | 3) {
  await t.database.db
    .updateTable('settings')
    .set({ value: JSON.stringify(value) })
    .where('key', '=', 'GroupsAndCompanies.UsersBelongTo')
    .execute();
  forgetSettings(t.database.db);
}

export interface UserAnswer {
  Id: number;
  Name: string;
  Version: number;
  Roles: { Id: number; Name: string; IsChecked: boolean }[];
  Groups?: { Id: number; Name: string; IsChecked: boolean }[];
  Company?: { Id: number; Name: string } | null;
}

export interface RoleAnswer {
  Id: number;
  Name: string;
  IsAdmin: boolean;
  Permissions: { Id: number; Name: string; IsChecked: boolean }[];
  Version: number;
}

export interface CompanyAnswer {
  Id: number;
  CompanyName: string;
  UsersNum: number;
  Version: number;
  Contacts: { Id: number; TypeId: number; Name: string; Email: string; Phone: string }[];
}

/** Ids of the named users and roles, keyed by name. */
export async function idsOf(
  t: TestApp,
  users: string[],
  roles: string[],
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const name of users) ids[name] = await userIdOf(t, name);
  for (const name of roles) ids[name] = await roleIdOf(t, name);
  return ids;
}

export const userRowById = (t: TestApp, id: number) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const userRowByName = (t: TestApp, name: string) =>
  t.database.db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();

/** The fields SaveUser needs to edit a user without changing anything. */
export async function editableUser(t: TestApp, id: number) {
  const row = await userRowById(t, id);
  return { Id: id, Name: row.name, Version: row.version };
}

export async function roleNamesOf(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('roles.name')
    .where('userRoles.userId', '=', userId)
    .execute();
  return rows.map((r) => r.name).sort();
}

export async function companyIdOf(t: TestApp, companyName: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('companies')
    .select('id')
    .where('companyName', '=', companyName)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const companyRow = (t: TestApp, id: number) =>
  t.database.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();

export const contactsOf = (t: TestApp, companyId: number) =>
  t.database.db
    .selectFrom('companyContacts')
    .select(['typeId', 'name', 'email', 'phone'])
    .where('companyId', '=', companyId)
    .orderBy('position')
    .execute();

/** Saves the company "Rival Paving" with one contact, as admin; answers its id. */
export async function saveRivalCompany(client: ApiClient): Promise<number> {
  const rival = await client.post('admin', '/api/companies/SaveCompany', {
    CompanyName: 'Rival Paving',
    Contacts: [
      { TypeId: 1, Name: 'Front desk', Email: 'desk@rival.test', Phone: '+44 1632 960000' },
    ],
  });
  return rival.json<CompanyAnswer>().Id;
}

/** The change-log entries of one row, oldest first. */
export const changeLogsOf = (t: TestApp, entityType: string, entityId: number) =>
  t.database.db
    .selectFrom('changeLogs')
    .select(['actionType', 'userId', 'userName', 'changes'])
    .where('entityType', '=', entityType)
    .where('entityId', '=', String(entityId))
    .orderBy('id')
    .execute();

export async function changeLogCount(t: TestApp): Promise<number> {
  return (await t.database.db.selectFrom('changeLogs').select('id').execute()).length;
}

/** Inserts units as the units API would; answers their ids by name. */
export async function insertUnits(t: TestApp, names: string[]): Promise<Record<string, number>> {
  const rows = await t.database.db
    .insertInto('units')
    .values(names.map((name) => ({ code: name.toUpperCase().replace(/\W+/g, '-'), name })))
    .returning(['id', 'name'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

/** Lets holders of `roleName` give and take away the `delegated` roles. */
export async function delegate(t: TestApp, roleName: string, delegated: string[]) {
  const roleId = await roleIdOf(t, roleName);
  await t.database.db.deleteFrom('roleDelegations').where('roleId', '=', roleId).execute();
  for (const name of delegated) {
    await t.database.db
      .insertInto('roleDelegations')
      .values({ roleId, delegatedRoleId: await roleIdOf(t, name) })
      .execute();
  }
}
