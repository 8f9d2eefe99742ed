import type { Kysely, Transaction } from 'kysely';
import {
  demoAccounts,
  demoDelegations,
  demoCompany,
  demoGroups,
  demoMaterials,
  demoPassword,
  demoUnits,
} from '#metadata';
import { recomputeDeliveries } from '../modules/deliveries/state/recompute';
import { findRoleIdsByName } from '../repositories/access-control';
import { ensureCompany, ensureGroup, insertUser } from '../repositories/people-seed';
import { getSetting, putSetting } from '../repositories/settings';
import { browserDigest } from '../security/browser-digest';
import { hashPassword } from '../security/password-hash';
import { forgetSettings } from '../services/settings-cache';
import type { Database } from '../db/schema';
import { insertDemoDeliveries, planDemoDeliveries, type DemoDelivery } from './demo-deliveries';
import { refreshDemoForecasts } from './demo-forecasts';

const demoSeededKey = 'System.DemoSeededAt';

export interface DemoSeedOptions {
  /** The seeding moment: the deliveries run from a week before it to a week after. */
  now?: Date;
}

/**
 * Demo data, seeded once into a new database when demo mode is on: the demo company, groups
 * and accounts (all with the demo password) with their units, the demo setting that shows the
 * sign-in shortcuts, the demo plants (with their locations) and mixes, and about 2,000
 * deliveries around today with forecasts for their sites and states computed from them. A
 * database seeded before is never seeded again, so nothing a demo user changed is overwritten.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  { now = new Date() }: DemoSeedOptions = {},
): Promise<boolean> {
  if (await getSetting<string | null>(db, demoSeededKey, null)) return false;
  // Hashing is slow on purpose: do it once, before the transaction. Every demo account has the
  // same published password, so one salted hash serves them all and reveals nothing more.
  const passwordHash = await hashPassword(browserDigest(demoPassword));
  const deliveries = await db.transaction().execute(async (trx) => {
    if (await getSetting<string | null>(trx, demoSeededKey, null)) return null;
    const companyId = await ensureCompany(trx, demoCompany);
    const groupIds = new Map<string, number>();
    for (const group of demoGroups) groupIds.set(group, await ensureGroup(trx, group));
    const unitIds = await insertDemoUnits(trx);
    for (const account of demoAccounts) {
      const userId = await insertUser(trx, {
        name: account.Name,
        firstName: account.FirstName,
        surname: account.Surname,
        email: account.Email,
        passwordHash,
        companyId: account.Company ? companyId : null,
        roleIds: await findRoleIdsByName(trx, account.Roles),
        groupIds: (account.Groups ?? []).map((g) => groupIds.get(g)!),
      });
      const units = (account.Units ?? []).map((code) => ({ userId, unitId: unitIds.get(code)! }));
      if (units.length > 0) await trx.insertInto('userUnits').values(units).execute();
    }
    for (const [role, delegated] of Object.entries(demoDelegations)) {
      const [roleId] = await findRoleIdsByName(trx, [role]);
      for (const delegatedRoleId of await findRoleIdsByName(trx, delegated)) {
        await trx
          .insertInto('roleDelegations')
          .values({ roleId: roleId!, delegatedRoleId })
          .execute();
      }
    }
    await trx
      .insertInto('materials')
      .values(
        demoMaterials.map((m) => ({
          code: m.Code,
          name: m.Name,
          canAddEvotherm: m.CanAddEvotherm,
          minMixTemp: m.MinMixTemp,
          maxMixTemp: m.MaxMixTemp,
          mixType: m.MixType,
        })),
      )
      .execute();
    const planned = planDemoDeliveries(now, unitIds);
    await insertDemoDeliveries(trx, planned);
    await putSetting(trx, 'App.TestMode', true);
    await putSetting(trx, 'App.DemoMode', true);
    // Demos run anywhere, offline too: forecasts come from the simulated provider.
    await putSetting(trx, 'Weather.Provider', 'simulated');
    await putSetting(trx, demoSeededKey, now.toISOString());
    return planned;
  });
  if (!deliveries) return false;
  // The provider setting just changed: read it afresh.
  forgetSettings(db);
  await computeDemoStates(db, deliveries, now);
  return true;
}

/** The demo plants, where they are; answers their ids by code. */
async function insertDemoUnits(trx: Transaction<Database>): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto('units')
    .values(
      demoUnits.map((unit) => ({
        code: unit.Code,
        name: unit.Name,
        latitude: unit.Latitude,
        longitude: unit.Longitude,
        postcode: unit.Postcode,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  return new Map(rows.map((row) => [row.code, row.id]));
}

/**
 * The deliveries' states, from the forecasts of their sites: after the seed's transaction,
 * since a forecast refresh opens its own (and PGlite has one connection).
 */
async function computeDemoStates(
  db: Kysely<Database>,
  deliveries: readonly DemoDelivery[],
  now: Date,
): Promise<void> {
  await refreshDemoForecasts(db, deliveries, now);
  await recomputeDeliveries(db, {}, { batchSize: 1000, now: () => now });
}
