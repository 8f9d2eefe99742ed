import type { Kysely } from 'kysely';
import { getSetting, putSetting } from '../../repositories/settings';
import type { Database } from '../schema';

const demoSeededKey = 'System.DemoSeededAt';

/**
 * Demo data, seeded once into a new database when demo mode is on. Each feature adds its
 * demo rows here (users, units, materials, a week of deliveries); a database that has been
 * seeded before is never seeded again, so nothing a demo user changed is overwritten.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (await getSetting<string | null>(trx, demoSeededKey, null)) return false;
    await putSetting(trx, 'App.TestMode', true);
    await putSetting(trx, demoSeededKey, new Date().toISOString());
    return true;
  });
}
