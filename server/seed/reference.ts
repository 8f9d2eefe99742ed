import type { Kysely, Transaction } from 'kysely';
import { createHash } from 'node:crypto';
import {
  builtInEntities,
  defaultMenu,
  movedMenuTargets,
  defaultTexts,
  platformConstants,
  seedLanguages,
  systemPermissions,
  systemRoles,
} from '#metadata';
import { insertRoleIfMissing, upsertSystemPermissions } from '../modules/people/index';
import { insertMissingEmailTemplates } from '../modules/templates/index';
import { advisoryLocks, lockForTransaction } from '../db/locks';
import { insertMissingLanguages, touchAllLanguages } from '../modules/languages/index';
import { insertMissingMenuItems, moveMenuTargets } from '../modules/menu/index';
import { getSetting, insertMissingSettings, putSetting } from '../modules/settings/index';
import { upsertDefaultTexts } from '../modules/languages/index';
import { insertMissingWeatherSites } from '../modules/weather/index';
import type { Database } from '../db/schema';
import { migrationProvider } from '../db/migrations/index';
import { defaultSettings } from './default-settings';
import { systemEmailTemplates } from '../mail/system-templates';
import { syncSystemDefinitions } from '../engine/system-definitions';
import { forgetSites } from '../modules/places/index';
import { ukWeatherSites } from '../../metadata/data/uk-weather-sites';

const seededMenuKey = 'System.SeededMenuItemIds';
const seededWeatherSitesKey = 'System.SeededWeatherSiteIds';
/** The stamp of the release whose reference data the database holds (see releaseStamp). */
export const referenceDataStampKey = 'System.ReferenceDataStamp';

/**
 * Bumped when seeding writes something else from the same release data (a new merge rule):
 * the stamp then differs and every database is seeded again.
 */
const seedingRules = 1;

let stamp: Promise<string> | undefined;

/**
 * A hash of everything seedReferenceData writes from the release, and of the migrations the
 * release holds (a migration may change what the seeded rows must be).
 */
export function releaseStamp(): Promise<string> {
  stamp ??= migrationProvider.getMigrations().then((migrations) =>
    createHash('sha256')
      .update(
        JSON.stringify([
          seedingRules,
          Object.keys(migrations).sort(),
          defaultSettings,
          seedLanguages,
          systemPermissions,
          systemRoles,
          systemEmailTemplates,
          builtInEntities,
          defaultTexts,
          defaultMenu,
          movedMenuTargets,
          ukWeatherSites,
        ]),
      )
      .digest('hex'),
  );
  return stamp;
}

/**
 * Reference data every installation needs. Idempotent: safe on every start. A release's new
 * default texts, settings and menu items arrive; an administrator's changes are kept, and a
 * menu item or forecast site an administrator deleted is not brought back. A database the
 * same release seeded last is left alone after one read (comparing it all took 0.4 s of a
 * start on the embedded database); instances starting together seed one after the other.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const release = await releaseStamp();
  if ((await getSetting<unknown>(db, referenceDataStampKey, null)) === release) return;
  const sitesAdded = await db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, advisoryLocks.referenceSeeding);
    // Read again under the lock: an instance that waited finds the seeding done.
    if ((await getSetting<unknown>(trx, referenceDataStampKey, null)) === release) return 0;
    await insertMissingSettings(trx, defaultSettings);
    await insertMissingLanguages(trx, seedLanguages);
    await upsertSystemPermissions(trx, systemPermissions);
    for (const role of systemRoles) await insertRoleIfMissing(trx, role);
    await insertMissingEmailTemplates(trx, systemEmailTemplates);
    await syncSystemDefinitions(trx, builtInEntities);
    const changedTexts = await upsertDefaultTexts(trx, defaultTexts);
    if (changedTexts > 0) await touchAllLanguages(trx);

    const seeded = new Set(await getSetting<number[]>(trx, seededMenuKey, []));
    const fresh = defaultMenu.filter((item) => !seeded.has(item.Id));
    if (fresh.length > 0) {
      await insertMissingMenuItems(trx, platformConstants.defaultLanguage, fresh);
      await putSetting(trx, seededMenuKey, [...seeded, ...fresh.map((item) => item.Id)]);
    }
    await moveMenuTargets(trx, movedMenuTargets);
    const added = await seedWeatherSites(trx);
    await putSetting(trx, referenceDataStampKey, release);
    return added;
  });
  if (sitesAdded > 0) forgetSites(db);
}

/** The release's forecast sites not seeded before; an administrator's edits are kept. */
async function seedWeatherSites(trx: Transaction<Database>): Promise<number> {
  const seeded = new Set(await getSetting<number[]>(trx, seededWeatherSitesKey, []));
  const fresh = ukWeatherSites.filter(([id]) => !seeded.has(id));
  if (fresh.length === 0) return 0;
  const added = await insertMissingWeatherSites(
    trx,
    fresh.map(([id, name, latitude, longitude]) => ({ id, name, latitude, longitude })),
  );
  await putSetting(trx, seededWeatherSitesKey, [...seeded, ...fresh.map(([id]) => id)]);
  return added;
}
