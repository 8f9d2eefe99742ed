import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMenu, defaultTexts } from '#metadata';
import { seedDemoData } from '../../server/seed/demo';
import { seedReferenceData } from '../../server/seed/reference';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('seeding', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  const db = () => database.db;

  it('is idempotent: a second run changes nothing', async () => {
    const before = await db().selectFrom('languages').selectAll().orderBy('id').execute();
    await seedReferenceData(db());
    const after = await db().selectFrom('languages').selectAll().orderBy('id').execute();
    expect(after).toEqual(before);
    const keys = await db().selectFrom('translationKeys').select('key').execute();
    expect(keys).toHaveLength(Object.keys(defaultTexts).length);
  });

  it('keeps an administrator’s menu changes and does not bring back a deleted item', async () => {
    await db().updateTable('menuItems').set({ name: 'Loads' }).where('id', '=', 1).execute();
    await db().deleteFrom('menuItems').where('id', '=', 901).execute();
    await seedReferenceData(db());
    const items = await db().selectFrom('menuItems').select(['id', 'name']).orderBy('id').execute();
    expect(items.find((i) => i.id === 1)?.name).toBe('Loads');
    expect(items.map((i) => i.id)).not.toContain(901);
    expect(items).toHaveLength(defaultMenu.length - 1);
  });

  it('upgrades a changed default text and marks languages changed so caches refresh', async () => {
    await db()
      .updateTable('translationKeys')
      .set({ defaultText: 'old wording' })
      .where('key', '=', 'ROUTES.HOME')
      .execute();
    const before = await db().selectFrom('languages').select(['id', 'version']).execute();
    await seedReferenceData(db());
    const text = await db()
      .selectFrom('translationKeys')
      .select('defaultText')
      .where('key', '=', 'ROUTES.HOME')
      .executeTakeFirstOrThrow();
    expect(text.defaultText).toBe(defaultTexts['ROUTES.HOME']);
    const after = await db().selectFrom('languages').select(['id', 'version']).execute();
    for (const language of after) {
      expect(language.version).toBe(before.find((b) => b.id === language.id)!.version + 1);
    }
  });

  it('keeps an administrator’s setting', async () => {
    await db()
      .updateTable('settings')
      .set({ value: JSON.stringify(3) })
      .where('key', '=', 'GroupsAndCompanies.UsersBelongTo')
      .execute();
    await seedReferenceData(db());
    const row = await db()
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'GroupsAndCompanies.UsersBelongTo')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe(3);
  });

  it('seeds demo data once only, and the demo forecasts with the simulated provider', async () => {
    const provider = () =>
      db()
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'Weather.Provider')
        .executeTakeFirstOrThrow();
    // A configured deployment forecasts with a real provider.
    expect((await provider()).value).toBe('open-meteo');
    expect(await seedDemoData(db())).toBe(true);
    expect((await provider()).value).toBe('simulated');
    expect(await seedDemoData(db())).toBe(false);
  });
});
