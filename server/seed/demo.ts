import type { Kysely } from 'kysely';
import {
  demoAccounts,
  demoDelegations,
  demoCompany,
  demoGroups,
  demoMaterials,
  demoPassword,
  demoUnits,
} from '#metadata';
import { findRoleIdsByName } from '../repositories/access-control';
import { ensureCompany, ensureGroup, insertUser } from '../repositories/people-seed';
import { getSetting, putSetting } from '../repositories/settings';
import { browserDigest } from '../security/browser-digest';
import { hashPassword } from '../security/password-hash';
import type { Database } from '../db/schema';

const demoSeededKey = 'System.DemoSeededAt';

/**
 * Demo data, seeded once into a new database when demo mode is on: the demo company, groups
 * and accounts (all with the demo password), and the demo setting that shows the sign-in
 * shortcuts, and the demo plants and mixes. A database seeded before is never seeded again, so nothing a demo user changed
 * is overwritten. Later features add their demo rows here.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  if (await getSetting<string | null>(db, demoSeededKey, null)) return false;
  // Hashing is slow on purpose: do it once, before the transaction. Every demo account has the
  // same published password, so one salted hash serves them all and reveals nothing more.
  const passwordHash = await hashPassword(browserDigest(demoPassword));
  return db.transaction().execute(async (trx) => {
    if (await getSetting<string | null>(trx, demoSeededKey, null)) return false;
    const companyId = await ensureCompany(trx, demoCompany);
    const groupIds = new Map<string, number>();
    for (const group of demoGroups) groupIds.set(group, await ensureGroup(trx, group));
    for (const account of demoAccounts) {
      await insertUser(trx, {
        name: account.Name,
        firstName: account.FirstName,
        surname: account.Surname,
        email: account.Email,
        passwordHash,
        companyId: account.Company ? companyId : null,
        roleIds: await findRoleIdsByName(trx, account.Roles),
        groupIds: (account.Groups ?? []).map((g) => groupIds.get(g)!),
      });
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
      .insertInto('units')
      .values(demoUnits.map((unit) => ({ code: unit.Code, name: unit.Name })))
      .execute();
    await trx
      .insertInto('materials')
      .values(
        demoMaterials.map((m) => ({
          code: m.Code,
          name: m.Name,
          canAddEvotherm: m.CanAddEvotherm,
        })),
      )
      .execute();
    await putSetting(trx, 'App.TestMode', true);
    await putSetting(trx, 'App.DemoMode', true);
    // Demos run anywhere, offline too: forecasts come from the simulated provider.
    await putSetting(trx, 'Weather.Provider', 'simulated');
    await putSetting(trx, demoSeededKey, new Date().toISOString());
    return true;
  });
}
