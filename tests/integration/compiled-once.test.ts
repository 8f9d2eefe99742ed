import { afterEach, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../server/db/compiled-once';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('a query compiled once', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('binds each call’s own values to the statement compiled on first use', async () => {
    database = await createTestDatabase({ demo: true });
    const { db } = database;
    const byName = compiledOnce((kysely, name: string) =>
      kysely.selectFrom('users').select(['id', 'name']).where('name', '=', name),
    );
    const names = (await db.selectFrom('users').select('name').execute()).map((u) => u.name);
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) {
      expect((await byName(db, name)).map((row) => row.name)).toEqual([name]);
    }
    expect(await byName(db, 'nobody-by-this-name')).toEqual([]);
  });

  it('refuses a query that does not send a value as a parameter', async () => {
    database = await createTestDatabase({ demo: true });
    const unbound = compiledOnce((kysely, _name: string) =>
      kysely.selectFrom('users').select('id'),
    );
    await expect(unbound(database.db, 'x')).rejects.toThrow(/not bound/);
  });
});
