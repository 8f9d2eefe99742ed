import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitEntity } from '#metadata';
import { listEntity } from '../../server/engine/entity-list';
import { accessFor } from '../../server/engine/entity-access';
import { entityById } from '../../server/engine/entity-context';
import { saveEntity } from '../../server/engine/entity-service';
import { capturing } from '../support/captured-statements';
import { createTestApp, type TestApp } from '../support/test-app';

/** A list that counts at most `countLimit` rows says so, and counts exactly below it. */
describe('the engine’s capped count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  const unitsAccess = async () =>
    accessFor(t.app.entityHooks, await entityById(t.database.db, unitEntity.id), {
      subject: { authenticated: true, permissions: ['ManageUnits'] },
      actor: { id: null, name: 'test' },
      user: null,
    });
  const list = async (countLimit: number, filter?: string) => {
    const db = t.database.db;
    const access = await unitsAccess();
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

  it('remembers a capped count until rows are written through the engine', async () => {
    const db = t.database.db;
    const counts = async (filter: string) => {
      const [answer, sent] = await capturing(() => list(1, filter));
      return {
        count: answer['@odata.count'],
        capped: answer.CountCapped === true,
        counted: sent.some((statement) => /count\(\*\)/.test(statement.sql)),
      };
    };
    const active = "Active eq true and startswith(Code,'QC')";
    expect(await counts(active)).toEqual({ count: 0, capped: false, counted: true });
    expect(await counts(active)).toEqual({ count: 0, capped: false, counted: false });

    const saved = await saveEntity<{ Id: number; Version: number }>(db, await unitsAccess(), {
      Code: 'QC1',
      Name: 'Counted plant',
      Active: true,
    });
    expect(await counts(active)).toEqual({ count: 1, capped: false, counted: true });
    await saveEntity(db, await unitsAccess(), { Code: 'QC2', Name: 'Second plant', Active: true });
    expect(await counts(active)).toEqual({ count: 1, capped: true, counted: true });
    expect(await counts(active)).toEqual({ count: 1, capped: true, counted: false });

    await saveEntity(db, await unitsAccess(), { ...saved, Active: false });
    expect(await counts(active)).toEqual({ count: 1, capped: false, counted: true });
  });
});
