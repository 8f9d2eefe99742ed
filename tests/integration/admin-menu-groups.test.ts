import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  administrationGroups,
  defaultMenu,
  type MenuItem,
  ungroupedAdministrationMenu,
} from '#metadata';
import { menuSeed } from '../../server/modules/menu/reference-seed';
import { apiClient, type ApiClient } from '../support/api-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The Administration menu is grouped (people, catalogue, designers, system) on a new
 * installation, and an installation seeded before the groups gets them where its menu is still
 * the default, never where an administrator changed it.
 */

let t: TestApp;
let client: ApiClient;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

const groupNames = ['People', 'Catalogue', 'Designers', 'System'];
const groupIds: number[] = Object.values(administrationGroups);

const menuAs = async (user: string) =>
  (await client.get(user, '/api/menu/GetMenu?language=en-gb')).json<MenuItem[]>();

/** The children of an item, by name, in their order. */
const childrenOf = (menu: readonly MenuItem[], name: string) => {
  const parent = menu.find((item) => item.Name === name);
  return menu
    .filter((item) => item.ParentId === parent?.Id)
    .sort((a, b) => a.Order - b.Order)
    .map((item) => item.Name);
};

/** The en-gb menu as a release before the groups left it (and its record of seeded ids). */
async function installUngrouped(edit?: { Id: number; Order: number }) {
  const db = t.database.db;
  await db.deleteFrom('menuItems').execute();
  const old = defaultMenu
    .filter((item) => !groupIds.includes(item.Id))
    .map((item) => {
      const before = ungroupedAdministrationMenu.find((entry) => entry.Id === item.Id);
      return before ? { ...item, ParentId: 100, Order: before.Order } : item;
    })
    .map((item) => (edit && item.Id === edit.Id ? { ...item, Order: edit.Order } : item));
  for (const languageId of ['en-gb', 'fake']) {
    await db
      .insertInto('menuItems')
      .values(
        old.map((item) => ({
          languageId,
          id: item.Id,
          name: item.Name,
          url: item.Url,
          parentId: item.ParentId,
          order: item.Order,
        })),
      )
      .execute();
  }
  await db
    .updateTable('settings')
    .set({ value: JSON.stringify(old.map((item) => item.Id)) })
    .where('key', '=', 'System.SeededMenuItemIds')
    .execute();
}

const storedParents = async (languageId: string) =>
  Object.fromEntries(
    (
      await t.database.db
        .selectFrom('menuItems')
        .select(['id', 'parentId'])
        .where('languageId', '=', languageId)
        .execute()
    ).map((row) => [row.id, row.parentId]),
  );

describe('the Administration menu', () => {
  it('is grouped for the administrator of a new installation, every screen in a group', async () => {
    const menu = await menuAs('admin');
    expect(childrenOf(menu, 'Administration')).toEqual(groupNames);
    expect(childrenOf(menu, 'People')).toEqual([
      'Users',
      'Roles',
      'Groups',
      'Companies',
      'Permissions',
    ]);
    expect(childrenOf(menu, 'Catalogue')).toEqual(['Units', 'Materials', 'Sync units']);
    expect(childrenOf(menu, 'Designers')).toEqual(['Data sources', 'Grid pages', 'Menu']);
    expect(childrenOf(menu, 'System')).toEqual(
      expect.arrayContaining(['Settings', 'Languages', 'E-mail templates', 'Audit log']),
    );
    const grouped = groupNames.flatMap((group) => childrenOf(menu, group));
    expect(grouped).toHaveLength(ungroupedAdministrationMenu.length);
  });

  it('shows a manager only the groups holding what they may open', async () => {
    const menu = await menuAs('manager');
    expect(childrenOf(menu, 'Administration')).toEqual(
      expect.arrayContaining(['Catalogue', 'System']),
    );
    expect(childrenOf(menu, 'Administration')).not.toContain('People');
    expect(childrenOf(menu, 'Catalogue')).toContain('Units');
  });

  it('regroups an earlier installation whose Administration menu is the default, in every language', async () => {
    await installUngrouped();
    await t.database.db.transaction().execute((trx) => menuSeed.run(trx, t.database.db));
    for (const languageId of ['en-gb', 'fake']) {
      const parents = await storedParents(languageId);
      expect(parents[administrationGroups.people]).toBe(100);
      expect(parents[101]).toBe(administrationGroups.people);
      expect(parents[106]).toBe(administrationGroups.catalogue);
      expect(parents[120]).toBe(administrationGroups.designers);
      expect(parents[600]).toBe(administrationGroups.system);
    }
    expect(childrenOf(await menuAs('admin'), 'Administration')).toEqual(groupNames);
  });

  it('leaves an edited Administration menu as its administrator left it, without empty groups', async () => {
    await installUngrouped({ Id: 113, Order: 0 });
    await t.database.db.transaction().execute((trx) => menuSeed.run(trx, t.database.db));
    const parents = await storedParents('en-gb');
    expect(parents[101]).toBe(100);
    expect(parents[113]).toBe(100);
    for (const id of groupIds) expect(parents[id]).toBeUndefined();
    // A second start does not bring the groups in either.
    await t.database.db.transaction().execute((trx) => menuSeed.run(trx, t.database.db));
    expect((await storedParents('en-gb'))[administrationGroups.system]).toBeUndefined();
  });
});
