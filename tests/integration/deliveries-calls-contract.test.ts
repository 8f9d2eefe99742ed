import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionSubject } from '#platform/core';
import {
  clearDeliveries,
  createDelivery,
  createHotMix,
  createUnit,
  hoursFromNow,
  linkUserUnit,
} from '../support/deliveries';
import { checkRouteContract, type ContractCaller } from '../support/route-contract';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';

/** What the application's own fetch sends from a browser (state-changing calls need it). */
const fromTheApp = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };

function signedIn(t: TestApp, user: string): ContractCaller {
  let session: Promise<{ cookie: string; permissions: string[] }> | null = null;
  const ensure = () =>
    (session ??= signIn(t.app, user).then(async (cookie) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/permissions',
        headers: { ...fromTheApp, cookie },
      });
      return { cookie, permissions: res.json<string[]>() };
    }));
  return {
    name: user,
    headers: async () => ({ ...fromTheApp, cookie: (await ensure()).cookie }),
    subject: async (): Promise<PermissionSubject> => ({
      authenticated: true,
      permissions: (await ensure()).permissions,
    }),
  };
}

const signedOut: ContractCaller = {
  name: 'signed out',
  headers: async () => fromTheApp,
  subject: async () => ({ authenticated: false, permissions: [] }),
};

/** The calls of the deliveries' list and rows (the export and the state stream have their own). */
const deliveryCalls = [
  '/odata/deliveriesodata/centreservice.getdeliveriesforcurrentuser',
  '/api/deliveries/filtervalues/:field',
  '/api/deliveries/getdeliverybyid/:id',
  '/api/deliveries/setnewstate',
  '/api/deliveries/savedelivery',
  '/api/deliveries/deleteall',
  '/api/deliveries/amendselected',
  '/api/deliveries/canamendselected',
];

/**
 * The route contract over the delivery calls, with deliveries in the database: never a 5xx,
 * 401/403 where the permission refuses, 2xx bodies as declared, 4xx with a Message; and the
 * contract's sample bodies (`{}` to DeleteAll among them) delete nothing.
 */
describe('the delivery calls’ route contract', () => {
  let t: TestApp;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const db = t.database.db;
    await clearDeliveries(db);
    const unit = await createUnit(db, 'QKN');
    await linkUserUnit(db, 'employee1', unit);
    const code = 'QA-CONTRACT';
    const material = await createHotMix(db, code);
    for (const hours of [-30, 20, 40]) {
      ids.push(
        await createDelivery(db, { unitId: unit, material, startTime0: hoursFromNow(hours) }),
      );
    }
  });
  afterAll(() => t.close());

  it('answers every delivery call within its contract and deletes nothing', async () => {
    const report = await checkRouteContract(t.app, {
      callers: [signedOut, signedIn(t, 'employee1'), signedIn(t, 'admin')],
      routes: (all) => all.filter((route) => deliveryCalls.includes(route.url.toLowerCase())),
      pathValues: (name) => {
        if (name === 'id') return { existing: [String(ids[1]), '0', '-1'], missing: '999999' };
        if (name === 'field') {
          return { existing: ['State', 'UnitCode', 'DeliveryDate'], missing: 'Nope' };
        }
        return undefined;
      },
    });
    expect(report.violations).toEqual([]);
    const called = new Set(report.calls.map((call) => call.route.url.toLowerCase()));
    expect([...called].sort()).toEqual([...deliveryCalls].sort());
    const left = await t.database.db.selectFrom('deliveries').select('id').orderBy('id').execute();
    // A sample save may create a delivery; none may go.
    expect(left.map((row) => row.id)).toEqual(expect.arrayContaining(ids));
  });
});
