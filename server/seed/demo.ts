import type { Kysely, Transaction } from 'kysely';
import {
  demoAccounts,
  demoDelegations,
  demoCompany,
  demoGroups,
  demoMaterials,
  demoPassword,
  demoUnits,
  companyEntity,
  groupEntity,
  materialEntity,
  unitEntity,
  userEntity,
} from '#metadata';
import { recomputeDeliveries } from '../modules/deliveries/index';
import { findRoleIdsByName } from '../modules/people/index';
import { ensureCompany, ensureGroup, insertUser } from '../modules/people/index';
import { getSetting, putSetting } from '../modules/settings/index';
import { browserDigest } from '../security/browser-digest';
import { hashPassword } from '../security/password-hash';
import { forgetSettings } from '../modules/settings/index';
import type { Database } from '../db/schema';
import { insertDemoDeliveries, planDemoDeliveries, type DemoDelivery } from './demo-deliveries';
import { refreshDemoForecasts } from './demo-forecasts';
import { recordSeedHistory, type SeededRow } from './demo-history';

const demoSeededKey = 'System.DemoSeededAt';

export interface DemoSeedOptions {
  /** The seeding moment: the deliveries run from a week before it to a week after. */
  now?: Date;
}

/**
 * Demo data, seeded once into a new database when demo mode is on: the demo company, groups
 * and accounts (all with the demo password) with their units, the demo setting that shows the
 * sign-in shortcuts, the demo plants (with their locations) and mixes, and about 2,000
 * deliveries around today with forecasts for their sites and states computed from them. Users
 * belong to groups and companies (the demo accounts rely on both), and the audit log starts
 * with the seed's own creations, by the system. A database seeded before is never seeded
 * again, so nothing a demo user changed is overwritten and no history is written twice.
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
    const history: SeededRow[] = [];
    const companyId = await ensureCompany(trx, demoCompany);
    history.push({
      entityType: companyEntity.entityType,
      entityId: companyId,
      values: { CompanyName: demoCompany },
    });
    const groupIds = new Map<string, number>();
    for (const group of demoGroups) {
      const groupId = await ensureGroup(trx, group);
      groupIds.set(group, groupId);
      history.push({
        entityType: groupEntity.entityType,
        entityId: groupId,
        values: { Name: group },
      });
    }
    const unitIds = await insertDemoUnits(trx);
    for (const unit of demoUnits) {
      history.push({
        entityType: unitEntity.entityType,
        entityId: unitIds.get(unit.Code)!,
        values: { Code: unit.Code, Name: unit.Name, Active: true, Postcode: unit.Postcode },
      });
    }
    const materialIds = await insertDemoMaterials(trx);
    for (const m of demoMaterials) {
      history.push({
        entityType: materialEntity.entityType,
        entityId: materialIds.get(m.Code)!,
        values: {
          Code: m.Code,
          Name: m.Name,
          CanAddEvotherm: m.CanAddEvotherm,
          MinMixTemp: m.MinMixTemp,
          MaxMixTemp: m.MaxMixTemp,
          MixType: m.MixType,
        },
      });
    }
    const unitNames = new Map(demoUnits.map((unit) => [unit.Code, unit.Name]));
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
      history.push({
        entityType: userEntity.entityType,
        entityId: userId,
        values: {
          Name: account.Name,
          FirstName: account.FirstName,
          Surname: account.Surname,
          Email: account.Email,
          Active: true,
          CompanyId: account.Company ? companyId : null,
          Roles: account.Roles.map((Name) => ({ Name })),
          Groups: (account.Groups ?? []).map((Name) => ({ Id: groupIds.get(Name)!, Name })),
          Units: (account.Units ?? []).map((code) => ({
            Id: unitIds.get(code)!,
            Name: unitNames.get(code)!,
          })),
        },
      });
    }
    await recordSeedHistory(trx, history);
    for (const [role, delegated] of Object.entries(demoDelegations)) {
      const [roleId] = await findRoleIdsByName(trx, [role]);
      for (const delegatedRoleId of await findRoleIdsByName(trx, delegated)) {
        await trx
          .insertInto('roleDelegations')
          .values({ roleId: roleId!, delegatedRoleId })
          .execute();
      }
    }
    const planned = planDemoDeliveries(now, unitIds);
    await insertDemoDeliveries(trx, planned);
    await putSetting(trx, 'App.TestMode', true);
    await putSetting(trx, 'App.DemoMode', true);
    // The demo accounts rely on the groups and the company they belong to: show both.
    await putSetting(trx, 'GroupsAndCompanies.UsersBelongTo', 3);
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

/** The demo mixes; answers their ids by code. */
async function insertDemoMaterials(trx: Transaction<Database>): Promise<Map<string, number>> {
  const rows = await trx
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
