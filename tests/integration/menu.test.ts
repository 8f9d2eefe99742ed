import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { defaultMenu, firstUserMenuId, type MenuItem, type MenuSaveItem } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The menu's calls over HTTP: `GET api/menu/GetMenu` serves each caller what they may open
 * (with an ETag of the stored menu; `all=true` the whole of it for ManageMenu), and
 * `POST api/menu/SaveMenu` replaces a language's menu in one transaction or changes nothing.
 */

let t: TestApp;
let client: ApiClient;

type ErrorBody = { Message: string; Errors?: { Field: string; Message: string }[] };

const getMenu = (user: string | null, query = 'language=en-gb') =>
  client.get(user, `/api/menu/GetMenu?${query}`);

const menuOf = (response: LightMyRequestResponse) => response.json<MenuItem[]>();

async function saveMenu(
  items: readonly MenuSaveItem[],
  { user = 'admin', ifMatch, language = 'en-gb' }: SaveOptions = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/menu/SaveMenu',
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(user ? { cookie: await cookieOf(user) } : {}),
      ...(ifMatch ? { 'if-match': ifMatch } : {}),
    },
    payload: { Language: language, MenuItems: items },
  });
}
const cookies = new Map<string, Promise<string>>();
const cookieOf = (user: string) => {
  if (!cookies.has(user)) cookies.set(user, signIn(t.app, user));
  return cookies.get(user)!;
};

interface SaveOptions {
  user?: string | null;
  ifMatch?: string;
  language?: string;
}

/** What the database holds for a language, as GetMenu names the fields, by id. */
async function stored(language = 'en-gb'): Promise<MenuItem[]> {
  const rows = await t.database.db
    .selectFrom('menuItems')
    .select(['id', 'name', 'url', 'parentId', 'order'])
    .where('languageId', '=', language)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    Url: r.url,
    ParentId: r.parentId,
    Order: r.order,
  }));
}

const menuLogs = (language = 'en-gb') =>
  t.database.db
    .selectFrom('changeLogs')
    .selectAll()
    .where('entityType', '=', 'Menu')
    .where('entityId', '=', language)
    .orderBy('id')
    .execute();

/** The stored menu as a save body that changes nothing. */
const asSent = (items: readonly MenuItem[]): MenuSaveItem[] =>
  items.map((item) => ({ ...item, IsNew: false }));

const names = (items: readonly MenuItem[]) => items.map((item) => item.Name);

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
});
afterAll(() => t.close());

// Every test starts from the release's menu in en-gb and none in other languages.
beforeEach(async () => {
  const db = t.database.db;
  await db.deleteFrom('menuItems').execute();
  await db.deleteFrom('changeLogs').where('entityType', '=', 'Menu').execute();
  await db
    .insertInto('menuItems')
    .values(
      defaultMenu.map((item) => ({
        languageId: 'en-gb',
        id: item.Id,
        name: item.Name,
        url: item.Url,
        parentId: item.ParentId,
        order: item.Order,
      })),
    )
    .execute();
});

describe('GetMenu serves each caller what they may open', () => {
  it('shows the Schedule item (600) to administrators only, and administration to its holders', async () => {
    const admin = menuOf(await getMenu('admin'));
    expect(admin.find((item) => item.Id === 600)).toMatchObject({ Url: '/admin/jobs' });
    expect(names(admin)).toEqual(expect.arrayContaining(['Administration', 'Users', 'Menu']));

    const manager = menuOf(await getMenu('manager'));
    expect(manager.map((item) => item.Id)).not.toContain(600);
    expect(names(manager)).toEqual(expect.arrayContaining(['Administration', 'Units']));
    expect(names(manager)).not.toContain('Users');

    const employee = menuOf(await getMenu('employee1'));
    expect(names(employee)).not.toContain('Administration');
    expect(employee.map((item) => item.Id)).not.toContain(600);
    expect(names(employee)).toEqual(expect.arrayContaining(['Deliveries', 'Weather']));

    // Signed out: only what everybody may open, and the parent holding it.
    expect(names(menuOf(await getMenu(null)))).toEqual(['Help', 'Report a problem']);

    const save = await saveMenu([
      ...asSent(await stored()),
      { Id: 601, Name: 'Admin tools', Url: null, ParentId: null, Order: 7 },
      { Id: -1, Name: 'Jobs again', Url: '/hangfireview', ParentId: 601, Order: 1, IsNew: true },
    ]);
    expect(save.statusCode, save.body).toBe(200);
    expect(names(menuOf(await getMenu('admin')))).toEqual(
      expect.arrayContaining(['Admin tools', 'Jobs again']),
    );
    for (const user of ['manager', 'employee1', null]) {
      expect(names(menuOf(await getMenu(user)))).not.toContain('Jobs again');
    }
  });

  it('lets a holder of ManageMenu who is no administrator read and save the whole menu', async () => {
    const manager = await t.database.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Manager')
      .executeTakeFirstOrThrow();
    const manageMenu = await t.database.db
      .selectFrom('permissions')
      .select('id')
      .where('code', '=', 'ManageMenu')
      .executeTakeFirstOrThrow();
    const grant = { roleId: manager.id, permissionId: manageMenu.id };
    await t.database.db.insertInto('rolePermissions').values(grant).execute();
    onTestFinished(async () => {
      await t.database.db
        .deleteFrom('rolePermissions')
        .where('roleId', '=', grant.roleId)
        .where('permissionId', '=', grant.permissionId)
        .execute();
    });

    const all = await getMenu('manager', 'language=en-gb&all=true');
    expect(all.statusCode).toBe(200);
    expect(menuOf(all).map((item) => item.Id)).toContain(600);
    // What the menu shows them is still only what they may open.
    expect(menuOf(await getMenu('manager')).map((item) => item.Id)).not.toContain(600);
    const items = asSent(menuOf(all)).map((item) =>
      item.Id === 600 ? { ...item, Name: 'Job schedule' } : item,
    );
    const save = await saveMenu(items, { user: 'manager', ifMatch: all.headers.etag as string });
    expect(save.statusCode, save.body).toBe(200);
    expect((await stored()).find((item) => item.Id === 600)?.Name).toBe('Job schedule');
    expect(await menuLogs()).toMatchObject([{ userName: 'manager', actionType: 1 }]);
  });

  it('hides an item whose route nobody may open, and a parent left with nothing to show', async () => {
    const save = await saveMenu([
      ...asSent(await stored()),
      { Id: -1, Name: 'Nowhere', Url: null, ParentId: null, Order: 5, IsNew: true },
      { Id: -2, Name: 'Unrouted', Url: '/no/such/screen', ParentId: -1, Order: 1, IsNew: true },
    ]);
    expect(save.statusCode, save.body).toBe(200);
    const admin = names(menuOf(await getMenu('admin')));
    expect(admin).not.toContain('Nowhere');
    expect(admin).not.toContain('Unrouted');
    // The Reports item (500) waits for a /reports screen.
    expect(admin).not.toContain('Reports');
  });

  it('shows a grid page item only to those who may see the page and read its data', async () => {
    // Grid page 1 draws units (ManageUnits reads them), page 10 users (ManageUsers), this one
    // for role managers only.
    const only = (id: number, permission: string) =>
      t.database.db.updateTable('gridPages').set({ permission }).where('id', '=', id).execute();
    const released = await t.database.db
      .selectFrom('gridPages')
      .select(['id', 'permission'])
      .where('id', 'in', [1, 10])
      .execute();
    onTestFinished(async () => {
      for (const page of released) await only(page.id, page.permission);
    });
    await only(10, 'ManageRoles');
    const save = await saveMenu([
      ...asSent(await stored()),
      { Id: -1, Name: 'Pages', Url: null, ParentId: null, Order: 5, IsNew: true },
      { Id: -2, Name: 'Units page', Url: '/udt/grid/1', ParentId: -1, Order: 1, IsNew: true },
      { Id: -3, Name: 'Users page', Url: '/udt/grid/10', ParentId: -1, Order: 2, IsNew: true },
      { Id: -4, Name: 'Gone page', Url: '/udt/grid/999999', ParentId: -1, Order: 3, IsNew: true },
      { Id: -5, Name: 'Odd page', Url: '/udt/grid/abc', ParentId: -1, Order: 4, IsNew: true },
    ]);
    expect(save.statusCode, save.body).toBe(200);

    const pagesOf = async (user: string | null) => {
      const items = menuOf(await getMenu(user));
      const parent = items.find((item) => item.Name === 'Pages');
      return names(items.filter((item) => parent && item.ParentId === parent.Id));
    };
    expect(await pagesOf('admin')).toEqual(['Units page', 'Users page']);
    expect(await pagesOf('manager')).toEqual(['Units page']);
    // A group administrator reads users, but the page is not for them; nor is the parent.
    expect(await pagesOf('groupadmin')).toEqual([]);
    expect(names(menuOf(await getMenu('groupadmin')))).not.toContain('Pages');
    expect(await pagesOf('employee1')).toEqual([]);
    expect(names(menuOf(await getMenu(null)))).not.toContain('Pages');

    // Left to its data source, the page is for whoever reads users.
    await only(10, '');
    expect(await pagesOf('groupadmin')).toEqual(['Users page']);
    expect(await pagesOf('employee1')).toEqual([]);
    // A page's permission never opens a data source its holder may not read.
    await only(1, 'ViewDeliveries');
    expect(await pagesOf('employee1')).toEqual([]);
    expect(await pagesOf('manager')).toEqual(['Units page']);
  });

  it('serves the whole stored menu with all=true to holders of ManageMenu only', async () => {
    expect((await getMenu(null, 'language=en-gb&all=true')).statusCode).toBe(401);
    const refused = await getMenu('employee1', 'language=en-gb&all=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().Message).toBeTruthy();

    const all = await getMenu('admin', 'language=en-gb&all=true');
    expect(all.statusCode).toBe(200);
    expect([...menuOf(all)].sort((a, b) => a.Id - b.Id)).toEqual(await stored());
    expect(menuOf(all).map((item) => item.Id)).toContain(500);
  });

  it('tags the stored menu with an ETag that follows every change', async () => {
    const first = await getMenu('admin');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    // The same stored menu, whoever asks and whatever they are shown.
    expect((await getMenu('employee1')).headers.etag).toBe(tag);
    expect((await getMenu('admin', 'language=en-gb&all=true')).headers.etag).toBe(tag);

    const items = asSent(await stored());
    items[0] = { ...items[0]!, Name: 'Loads' };
    const save = await saveMenu(items);
    expect(save.headers.etag).not.toBe(tag);
    expect((await getMenu('admin')).headers.etag).toBe(save.headers.etag);
  });
});

describe('SaveMenu replaces a language’s menu', () => {
  it('creates, nests and reorders, giving new items fresh ids that their children follow', async () => {
    const before = await stored();
    const items = asSent(before)
      .filter((item) => item.Id !== 901)
      .map((item) => (item.Id === 3 ? { ...item, ParentId: 100, Order: 0 } : item));
    items.push(
      { Id: -1, Name: 'Sites', Url: null, ParentId: null, Order: 4, IsNew: true },
      { Id: -2, Name: ' Site list ', Url: ' /weather ', ParentId: -1, Order: 2, IsNew: true },
      {
        Id: -3,
        Name: 'Calculator',
        Url: '/compaction/calculator',
        ParentId: -1,
        Order: 1,
        IsNew: true,
      },
    );

    const save = await saveMenu(items);
    expect(save.statusCode, save.body).toBe(200);

    const after = await stored();
    const sites = after.find((item) => item.Name === 'Sites')!;
    expect(sites.Id).toBeGreaterThanOrEqual(firstUserMenuId);
    expect(after.filter((item) => item.ParentId === sites.Id)).toEqual([
      { Id: expect.any(Number), Name: 'Site list', Url: '/weather', ParentId: sites.Id, Order: 2 },
      expect.objectContaining({ Name: 'Calculator', ParentId: sites.Id, Order: 1 }),
    ]);
    const newIds = after.filter((item) => !before.some((b) => b.Id === item.Id)).map((i) => i.Id);
    expect(new Set(newIds).size).toBe(3);
    for (const id of newIds) expect(before.map((item) => item.Id)).not.toContain(id);
    expect(after.find((item) => item.Id === 3)).toMatchObject({ ParentId: 100, Order: 0 });
    expect(after.map((item) => item.Id)).not.toContain(901);
    expect(after).toHaveLength(before.length + 2);

    // The answer is the stored menu, as the editor reads it.
    expect([...menuOf(save)].sort((a, b) => a.Id - b.Id)).toEqual(after);

    const [log] = await menuLogs();
    expect(log).toMatchObject({ actionType: 1, userName: 'admin' });
    const texts = (log!.changes as { ChangeText: string }[]).map((c) => c.ChangeText);
    expect(texts).toContainEqual(
      expect.stringMatching(/^Item 3: Weather .* → Weather .*parent 100/),
    );
    expect(texts).toContainEqual(`Item ${sites.Id}: Sites (no address), parent none, order 4`);
    expect(texts).toContainEqual(expect.stringMatching(/^Item 901: Report a problem/));
  });

  it('never issues an id twice, even after the item holding it was removed', async () => {
    const base = asSent(await stored());
    const one = await saveMenu([
      ...base,
      { Id: -1, Name: 'One', Url: '/weather', ParentId: null, Order: 9, IsNew: true },
    ]);
    const oneId = menuOf(one).find((item) => item.Name === 'One')!.Id;
    expect((await saveMenu(base)).statusCode).toBe(200);
    // A spec client keeping an id of its own choosing ahead of the sequence.
    const two = await saveMenu([
      ...base,
      { Id: oneId + 1, Name: 'Chosen', Url: null, ParentId: null, Order: 9 },
      { Id: -1, Name: 'Two', Url: '/weather', ParentId: oneId + 1, Order: 1, IsNew: true },
    ]);
    expect(two.statusCode, two.body).toBe(200);
    const twoId = menuOf(two).find((item) => item.Name === 'Two')!.Id;
    expect(twoId).toBeGreaterThan(oneId + 1);
  });

  it('gives a language without a menu of its own the one it saves, leaving the default alone', async () => {
    const de = await getMenu('admin', 'language=de-de&all=true');
    expect(menuOf(de)).toHaveLength(defaultMenu.length);
    await t.database.db
      .insertInto('languages')
      .values({
        id: 'de-de',
        name: 'Deutsch',
        angularCulture: 'de',
        kendoCulture: 'de',
        lastUpdated: new Date(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const items = asSent(menuOf(de)).map((item) =>
      item.Id === 1 ? { ...item, Name: 'Lieferungen' } : item,
    );
    const save = await saveMenu(items, { language: 'DE-DE', ifMatch: de.headers.etag as string });
    expect(save.statusCode, save.body).toBe(200);
    expect((await stored('de-de')).find((item) => item.Id === 1)?.Name).toBe('Lieferungen');
    expect((await stored()).find((item) => item.Id === 1)?.Name).toBe('Deliveries');
    expect(await menuLogs('de-de')).toMatchObject([{ actionType: 0 }]);
  });
});

describe('SaveMenu refuses a bad menu and changes nothing', () => {
  /** Sends the stored menu changed by `change`; expects a 400 naming `field` and no change. */
  async function refused(change: (items: MenuSaveItem[]) => MenuSaveItem[], field: string) {
    const before = await stored();
    const logs = (await menuLogs()).length;
    const res = await saveMenu(change(asSent(before)));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.Errors?.map((error) => error.Field)).toContain(field);
    expect(await stored()).toEqual(before);
    expect(await menuLogs()).toHaveLength(logs);
    return body;
  }
  const at = (items: MenuSaveItem[], id: number) => items.findIndex((item) => item.Id === id);
  const edit = (id: number, change: Partial<MenuSaveItem>) => (items: MenuSaveItem[]) =>
    items.map((item) => (item.Id === id ? { ...item, ...change } : item));

  it('refuses a Url that is not a path on this site', async () => {
    const base = asSent(await stored());
    const index = at(base, 101);
    for (const url of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'admin/users',
      'javascript:alert(1)',
      '/a b',
    ]) {
      const body = await refused(edit(101, { Url: url }), `MenuItems.${index}.Url`);
      expect(body.Message).toContain(`MenuItems.${index}.Url ('Users')`);
    }
  });

  it('refuses an empty name, a missing parent, a loop and nesting deeper than three levels', async () => {
    const base = asSent(await stored());
    await refused(edit(101, { Name: '   ' }), `MenuItems.${at(base, 101)}.Name`);
    await refused(edit(101, { ParentId: 4242 }), `MenuItems.${at(base, 101)}.ParentId`);
    await refused(
      (items) => edit(100, { ParentId: 101 })(items),
      `MenuItems.${at(base, 100)}.ParentId`,
    );
    const deep = (items: MenuSaveItem[]) => [
      ...items,
      { Id: -1, Name: 'Third', Url: null, ParentId: 101, Order: 1, IsNew: true },
      { Id: -2, Name: 'Fourth', Url: '/weather', ParentId: -1, Order: 1, IsNew: true },
    ];
    const body = await refused(deep, `MenuItems.${base.length + 1}.ParentId`);
    expect(body.Message).toContain('deeper than 3 levels');
  });

  it('refuses an id used twice and a kept item without a real id', async () => {
    const base = asSent(await stored());
    await refused(
      (items) => [...items, { Id: 101, Name: 'Again', Url: null, ParentId: null, Order: 1 }],
      `MenuItems.${base.length}.Id`,
    );
    await refused(
      (items) => [...items, { Id: -7, Name: 'Not new', Url: null, ParentId: null, Order: 1 }],
      `MenuItems.${base.length}.Id`,
    );
  });

  it('keeps the special items: 600 cannot be removed, 500 cannot be new', async () => {
    const base = asSent(await stored());
    const body = await refused((items) => items.filter((item) => item.Id !== 600), 'MenuItems');
    expect(body.Errors).toContainEqual({
      Field: 'MenuItems',
      Message: expect.stringContaining('600'),
    });
    await refused(edit(500, { IsNew: true }), `MenuItems.${at(base, 500)}.IsNew`);
    // Moved and renamed, they stay.
    const moved = await saveMenu(edit(600, { Name: 'Jobs', ParentId: null, Order: 7 })(base));
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuses what the schema refuses, naming the field', async () => {
    const base = asSent(await stored());
    await refused(edit(101, { Name: 'x'.repeat(201) }), `MenuItems.${at(base, 101)}.Name`);
    await refused(
      (items) =>
        items.map((item, i) => (i === 0 ? { ...item, Order: 'first' as unknown as number } : item)),
      'MenuItems.0.Order',
    );
  });

  it('refuses an unknown language and the fake one', async () => {
    const before = await stored();
    for (const language of ['xx-yy', 'fake', 'en gb']) {
      const res = await saveMenu(asSent(before), { language });
      expect(res.statusCode, language).toBe(400);
      expect(res.json<ErrorBody>().Errors?.map((e) => e.Field)).toContain('Language');
    }
    expect(await stored('xx-yy')).toEqual([]);
    expect(await stored('fake')).toEqual([]);
  });

  it('refuses callers without ManageMenu before reading the body', async () => {
    const before = await stored();
    const employee = await saveMenu([], { user: 'employee1' });
    expect(employee.statusCode).toBe(403);
    expect(employee.json<ErrorBody>().Message).toBeTruthy();
    expect((await saveMenu([], { user: 'manager' })).statusCode).toBe(403);
    expect((await saveMenu([], { user: null })).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('SaveMenu honours If-Match', () => {
  it('answers 409 when the menu changed since it was read, and saves without If-Match', async () => {
    const read = await getMenu('admin', 'language=en-gb&all=true');
    const tag = read.headers.etag as string;
    const items = asSent(menuOf(read));

    const first = await saveMenu(edit(items, 1, 'Loads'), { ifMatch: tag });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await stored();

    const stale = await saveMenu(edit(items, 1, 'Runs'), { ifMatch: tag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().Message).toMatch(/changed by someone else/);
    expect(await stored()).toEqual(afterFirst);

    const weak = await saveMenu(edit(items, 1, 'Trips'), {
      ifMatch: `W/${first.headers.etag as string}`,
    });
    expect(weak.statusCode).toBe(200);
    const spec = await saveMenu(edit(items, 1, 'Deliveries'));
    expect(spec.statusCode).toBe(200);
    expect((await stored()).find((item) => item.Id === 1)?.Name).toBe('Deliveries');
  });

  it('lets one of several saves of the same read through and refuses the others', async () => {
    const read = await getMenu('admin', 'language=en-gb&all=true');
    const tag = read.headers.etag as string;
    const items = asSent(menuOf(read));
    const answers = await Promise.all(
      ['Left', 'Right', 'Up', 'Down', 'In', 'Out'].map((name) =>
        saveMenu(edit(items, 1, name), { ifMatch: tag }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    const name = menuOf(winner).find((item) => item.Id === 1)?.Name;
    expect((await stored()).find((item) => item.Id === 1)?.Name).toBe(name);
    expect(await menuLogs()).toHaveLength(1);
  });

  function edit(items: MenuSaveItem[], id: number, name: string): MenuSaveItem[] {
    return items.map((item) => (item.Id === id ? { ...item, Name: name } : item));
  }
});
