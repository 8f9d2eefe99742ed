import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/connect';
import {
  type DeliveryStateChange,
  deliveryStateEvents,
  publishStateChanges,
} from '../../server/modules/deliveries/state/events';
import { eventReader } from '../support/event-stream';
import { signIn } from '../support/sign-in';
import type { TestApp } from '../support/test-app';
import { type TwoInstances, twoInstances } from '../support/two-instances';
import { testDatabaseKind } from '../support/test-database';

const change = (Id: number, State = 'G'): DeliveryStateChange => ({
  Id,
  State,
  AvailableTimeForCompaction: 21.4,
  UnitId: 1,
});

async function eventually(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Two app instances on one PostgreSQL database, as behind a load balancer: a delivery state
 * one of them publishes (a save, an amend, a recompute) reaches the state streams of both,
 * once each. PGlite is one process: its instances are one and share nothing to relay.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('delivery states shared by app instances', () => {
  let instances: TwoInstances;
  let first: TestApp;
  let secondDatabase: DatabaseHandle;
  let second: FastifyInstance;

  beforeAll(async () => {
    instances = await twoInstances();
    ({ first, second, secondDatabase } = instances);
  });
  afterAll(() => instances.close());

  it('hands a change one instance publishes to the other’s listeners, and to its own once', async () => {
    const heardBySecond: number[] = [];
    const heardByFirst: number[] = [];
    const stopSecond = deliveryStateEvents(secondDatabase.db).subscribe((changes) =>
      heardBySecond.push(...changes.map((c) => c.Id)),
    );
    const stopFirst = deliveryStateEvents(first.database.db).subscribe((changes) =>
      heardByFirst.push(...changes.map((c) => c.Id)),
    );
    publishStateChanges(first.database.db, [change(7001), change(7002, 'R')]);
    await eventually(() => heardBySecond.length === 2 && heardByFirst.length === 2);
    // Nothing comes twice (its own NOTIFY is how the publishing instance hears it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heardBySecond).toEqual([7001, 7002]);
    expect(heardByFirst).toEqual([7001, 7002]);
    stopSecond();
    stopFirst();
  });

  it('carries a recompute’s thousand changes in notifications under the size limit', async () => {
    const heard = new Set<number>();
    const stop = deliveryStateEvents(secondDatabase.db).subscribe((changes) => {
      for (const c of changes) heard.add(c.Id);
    });
    const many = Array.from({ length: 1000 }, (_, i) => change(80_000 + i));
    publishStateChanges(first.database.db, many);
    await eventually(() => heard.size === 1000);
    stop();
  });

  it('streams a change made on one instance to a browser connected to the other', async () => {
    await second.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const cookie = await signIn(second, 'employee1');
    const response = await fetch(`${base}/api/Deliveries/StateStream`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = eventReader(response.body!);
    await reader.until((text) => text.includes('retry: 5000\n\n'));

    publishStateChanges(first.database.db, [change(9001, 'A')]);

    await reader.until((text) => text.includes('event: states'));
    expect(reader.states()).toEqual([{ Id: 9001, State: 'A', AvailableTimeForCompaction: 21.4 }]);
    await reader.cancel();
  });
});
