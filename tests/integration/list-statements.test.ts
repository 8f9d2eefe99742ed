import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEntity } from '#metadata';
import { apiClient } from '../support/api-client';
import { roleIdOf, setRules } from '../support/access-rules';
import { ownStatements } from '../support/captured-statements';
import { createTestApp, type TestApp } from '../support/test-app';
import { setUsersBelongTo } from './people-support';

interface Item {
  Id: number;
  Name: string;
}

interface UserRow {
  Id: number;
  Name: string;
  Roles?: (Item & { IsAdmin: boolean; IsChecked: boolean })[];
  Groups?: (Item & { IsQueryGroup: boolean; IsChecked: boolean })[];
  Units?: (Item & { IsChecked: boolean })[];
}

interface UsersPage {
  '@odata.count': number;
  value: UserRow[];
}

/** The users grid's first page, as the admin screen asks it. */
const usersPage = (options: Record<string, string> = {}) =>
  `/odata/UsersOData?${new URLSearchParams({
    $top: '20',
    $skip: '0',
    $orderby: 'Name asc',
    $filter: '(Active eq true)',
    $count: 'true',
    ...options,
  })}`;

const byName = (a: Item, b: Item) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : a.Id - b.Id);

/**
 * The users page sends its rows, each user's roles, plants and groups, and its count as one
 * statement (beside the session check every signed-in request makes), and answers what the
 * database holds, as far as the caller may see it.
 */
describe('the users page in one statement', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    await setUsersBelongTo(t, 3);
    // Two roles and both groups for employee1, so the items' order shows.
    const db = t.database.db;
    const employee = await db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'employee1')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('userRoles')
      .values({ userId: employee.id, roleId: await roleIdOf(t, 'Manager') })
      .execute();
    const groups = await db.selectFrom('groups').select('id').execute();
    await db
      .insertInto('userGroups')
      .values(groups.map((group) => ({ userId: employee.id, groupId: group.id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  });
  afterAll(() => t.close());

  /** The page's answer and the statements it sends of its own (see ownStatements). */
  async function sentFor(user: string, url: string) {
    const { answer, own } = await ownStatements(() => client.get(user, url));
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    return { page: answer.json<UsersPage>(), own };
  }

  /** Each user's items of a link table, by name, as the page answers them. */
  async function heldItems(link: 'userRoles' | 'userUnits' | 'userGroups', userIds: number[]) {
    const db = t.database.db;
    const rows =
      link === 'userRoles'
        ? await db
            .selectFrom('userRoles as l')
            .innerJoin('roles as i', 'i.id', 'l.roleId')
            .select(['l.userId', 'i.id', 'i.name', 'i.isAdmin as flag'])
            .where('l.userId', 'in', userIds)
            .execute()
        : link === 'userUnits'
          ? await db
              .selectFrom('userUnits as l')
              .innerJoin('units as i', 'i.id', 'l.unitId')
              .select(['l.userId', 'i.id', 'i.name'])
              .where('l.userId', 'in', userIds)
              .execute()
          : await db
              .selectFrom('userGroups as l')
              .innerJoin('groups as i', 'i.id', 'l.groupId')
              .select(['l.userId', 'i.id', 'i.name', 'i.isQueryGroup as flag'])
              .where('l.userId', 'in', userIds)
              .execute();
    const flag = { userRoles: 'IsAdmin', userGroups: 'IsQueryGroup', userUnits: null }[link];
    return (userId: number) =>
      rows
        .filter((row) => row.userId === userId)
        .map((row) => ({
          Id: row.id,
          Name: row.name,
          ...(flag && 'flag' in row ? { [flag]: row.flag } : {}),
          IsChecked: true,
        }))
        .sort(byName);
  }

  const reads = (statement: CompiledQuery, table: string) =>
    new RegExp(`from "${table}"`).test(statement.sql);

  it('sends rows, roles, plants, groups and the count together, and answers what is stored', async () => {
    const { page, own } = await sentFor('admin', usersPage());
    expect(own).toHaveLength(1);
    const [statement] = own as [CompiledQuery];
    for (const table of ['users', 'user_roles', 'user_units', 'user_groups']) {
      expect(reads(statement, table), table).toBe(true);
    }
    expect(statement.sql).toMatch(/count\(\*\)/);

    const db = t.database.db;
    const active = await db.selectFrom('users').select('id').where('active', '=', true).execute();
    expect(page['@odata.count']).toBe(active.length);
    expect(page.value.length).toBe(Math.min(20, active.length));
    const ids = page.value.map((user) => user.Id);
    const [roles, units, groups] = await Promise.all([
      heldItems('userRoles', ids),
      heldItems('userUnits', ids),
      heldItems('userGroups', ids),
    ]);
    for (const user of page.value) {
      expect(user.Roles, user.Name).toEqual(roles(user.Id));
      expect(user.Units, user.Name).toEqual(units(user.Id));
      expect(user.Groups, user.Name).toEqual(groups(user.Id));
    }
    const employee = page.value.find((user) => user.Name === 'employee1');
    expect(employee?.Roles?.map((role) => role.Name)).toEqual(['Manager', 'Staff']);
    expect(employee?.Groups?.map((group) => group.Name)).toEqual(['North crews', 'South crews']);
  });

  it('counts apart only when the page lies past the last row, and a list with no row in one', async () => {
    const total = (await sentFor('admin', usersPage())).page['@odata.count'];
    const past = await sentFor('admin', usersPage({ $skip: '1000' }));
    expect(past.page).toEqual({ '@odata.count': total, value: [] });
    expect(past.own).toHaveLength(2);

    const none = await sentFor('admin', usersPage({ $filter: "Name eq 'nobody at all'" }));
    expect(none.page).toEqual({ '@odata.count': 0, value: [] });
    expect(none.own).toHaveLength(1);

    const countOnly = await sentFor('admin', usersPage({ $top: '0' }));
    expect(countOnly.page).toEqual({ '@odata.count': total, value: [] });
    expect(countOnly.own).toHaveLength(1);
  });

  it('leaves out the rows and the fields the caller may not see, in the statement too', async () => {
    const groupAdmins = await roleIdOf(t, 'Group administrator');
    await setRules(client, userEntity.id, {
      FieldRules: [{ Field: 'Units', HiddenFor: [groupAdmins], ReadOnlyFor: [] }],
    });
    const { page, own } = await sentFor('groupadmin', usersPage());
    expect(own).toHaveLength(1);
    expect(reads(own[0]!, 'user_units')).toBe(false);
    expect(reads(own[0]!, 'user_roles')).toBe(true);

    const db = t.database.db;
    const members = await db
      .selectFrom('userGroups')
      .innerJoin('groups', 'groups.id', 'userGroups.groupId')
      .innerJoin('users', 'users.id', 'userGroups.userId')
      .select('users.name')
      .distinct()
      .where('groups.name', '=', 'North crews')
      .where('users.active', '=', true)
      .execute();
    expect(page['@odata.count']).toBe(members.length);
    expect(page.value.map((user) => user.Name).sort()).toEqual(
      members.map((member) => member.name).sort(),
    );
    for (const user of page.value) expect(user).not.toHaveProperty('Units');
    await setRules(client, userEntity.id, {});
  });
});
