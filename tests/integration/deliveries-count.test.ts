import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { capturing, isSessionStatement } from '../support/captured-statements';
import {
  clearDeliveries,
  createDelivery,
  createHotMix,
  createUnit,
  hoursFromNow,
  linkUserUnit,
} from '../support/deliveries';
import { createTestApp, type TestApp } from '../support/test-app';

const list = '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser';

interface Listed {
  count: number | undefined;
  ids: number[];
  /** Whether the call sent a count (in its one statement or apart). */
  counted: boolean;
}

/**
 * The home grid's count (capped at 10,000) is remembered for a few seconds per caller scope
 * and filter, so the grid's next pages and refreshes do not count again; a write through the
 * engine (a save, an amend, a delete) makes the next count exact again.
 */
describe('the deliveries list’s remembered count', () => {
  let t: TestApp;
  let client: ReturnType<typeof apiClient>;
  const ids: number[] = [];
  let material: { id: number; code: string };
  let unit: number;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    client = apiClient(t);
    const db = t.database.db;
    await clearDeliveries(db);
    unit = await createUnit(db, 'QCC');
    await linkUserUnit(db, 'employee1', unit);
    material = await createHotMix(db, 'QA-COUNT-HOT');
    for (let hour = 1; hour <= 4; hour++) {
      ids.push(
        await createDelivery(db, { unitId: unit, material, startTime0: hoursFromNow(hour) }),
      );
    }
  });
  afterAll(() => t.close());

  async function listed(user: string, options: Record<string, string>): Promise<Listed> {
    const url = `${list}?${new URLSearchParams({ $count: 'true', ...options })}`;
    const [answer, sent] = await capturing(() => client.get(user, url));
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const page = answer.json<{ '@odata.count'?: number; value: { Id: number }[] }>();
    const own = sent.filter((statement) => !isSessionStatement(statement));
    return {
      count: page['@odata.count'],
      ids: page.value.map((row) => row.Id),
      counted: own.some((statement) => /count\(\*\)/.test(statement.sql)),
    };
  }

  const hotter = (temperature: number) => ({
    $filter: `OutputTemperature eq ${temperature}`,
    $top: '1',
  });

  it('counts once, then answers the remembered count until an amend through the engine', async () => {
    const db = t.database.db;
    await db
      .updateTable('deliveries')
      .set({ outputTemperature: 175 })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    expect(await listed('admin', hotter(175))).toMatchObject({ count: 2, counted: true });
    expect(await listed('admin', hotter(175))).toMatchObject({ count: 2, counted: false });

    // Written beside the engine (as another instance or a seed would): not heard of yet, and
    // the full page does not contradict the remembered count.
    await db
      .updateTable('deliveries')
      .set({ outputTemperature: 175 })
      .where('id', '=', ids[2]!)
      .execute();
    expect(await listed('admin', hotter(175))).toMatchObject({ count: 2, counted: false });

    const amend = await client.post('admin', '/api/deliveries/AmendSelected', {
      DeliveriesIds: [ids[3]],
      OutputTemp: 175,
    });
    expect(amend.statusCode, amend.body).toBe(200);
    expect(await listed('admin', hotter(175))).toMatchObject({ count: 4, counted: true });
    // The amend's state recompute writes again just after it answers (and clears the count
    // once more); once those writes are done, the count is remembered again.
    let again = await listed('admin', hotter(175));
    for (let tries = 0; again.counted && tries < 30; tries++) {
      expect(again.count).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await listed('admin', hotter(175));
    }
    expect(again).toMatchObject({ count: 4, counted: false });
  });

  it('counts again after the deliveries are deleted through the engine', async () => {
    expect(await listed('admin', { $top: '1' })).toMatchObject({ count: 4, counted: true });
    expect(await listed('admin', { $top: '1' })).toMatchObject({ count: 4, counted: false });

    const deleted = await client.post('admin', '/api/Deliveries/DeleteAll', {
      Confirm: true,
      PastOnly: false,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await listed('admin', { $top: '1' })).toMatchObject({ count: 0, counted: true });
  });

  it('keeps each caller’s scope and filter apart, and corrects a count the page disproves', async () => {
    const db = t.database.db;
    const other = await createUnit(db, 'QCD');
    const mine = await createDelivery(db, { unitId: unit, material, startTime0: hoursFromNow(5) });
    await createDelivery(db, { unitId: other, material, startTime0: hoursFromNow(6) });
    expect((await listed('employee1', { $top: '5' })).count).toBe(1);
    expect((await listed('admin', { $top: '5' })).count).toBe(2);
    expect((await listed('admin', { $top: '5', $filter: `Id eq ${mine}` })).count).toBe(1);

    // A row written beside the engine on the last page: the page itself holds the exact count.
    await createDelivery(db, { unitId: unit, material, startTime0: hoursFromNow(7) });
    const shown = await listed('employee1', { $top: '5' });
    expect(shown.ids).toHaveLength(2);
    expect(shown.count).toBe(2);
  });
});
