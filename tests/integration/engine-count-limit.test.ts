import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitEntity } from '#metadata';
import { listEntity } from '../../server/engine/entity-list';
import { accessFor } from '../../server/engine/entity-access';
import { entityById } from '../../server/engine/entity-context';
import { createTestApp, type TestApp } from '../support/test-app';

/** A list that counts at most `countLimit` rows says so, and counts exactly below it. */
describe('the engine’s capped count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  const list = async (countLimit: number, filter?: string) => {
    const db = t.database.db;
    const access = accessFor(t.app.entityHooks, await entityById(db, unitEntity.id), {
      subject: { authenticated: true, permissions: ['ManageUnits'] },
      actor: { id: null, name: 'test' },
      user: null,
    });
    const params = { $count: 'true', $top: '2', ...(filter ? { $filter: filter } : {}) };
    return listEntity(db, access, params, { countLimit });
  };

  it('answers the limit with CountCapped when more rows match, and the page as usual', async () => {
    const units = await t.database.db.selectFrom('units').select('id').execute();
    expect(units.length).toBeGreaterThan(3);
    const capped = await list(3);
    expect(capped['@odata.count']).toBe(3);
    expect(capped).toHaveProperty('CountCapped', true);
    expect(capped.value).toHaveLength(2);
  });

  it('counts exactly, without CountCapped, up to the limit', async () => {
    const units = await t.database.db.selectFrom('units').select('id').execute();
    const exact = await list(units.length);
    expect(exact['@odata.count']).toBe(units.length);
    expect(exact).not.toHaveProperty('CountCapped');
    const filtered = await list(3, "Code eq 'NTH01'");
    expect(filtered['@odata.count']).toBe(1);
    expect(filtered).not.toHaveProperty('CountCapped');
  });
});
