import type { Kysely, Transaction } from 'kysely';
import {
  builtInEntities,
  defaultMenu,
  defaultTexts,
  platformConstants,
  seedLanguages,
  systemPermissions,
  systemRoles,
} from '#metadata';
import { insertRoleIfMissing, upsertSystemPermissions } from '../repositories/access-control';
import { insertMissingEmailTemplates } from '../repositories/email-templates';
import { insertMissingLanguages, touchAllLanguages } from '../repositories/languages';
import { insertMissingMenuItems } from '../repositories/menu';
import { getSetting, insertMissingSettings, putSetting } from '../repositories/settings';
import { upsertDefaultTexts } from '../repositories/translations';
import { insertMissingWeatherSites } from '../repositories/weather-sites';
import type { Database } from '../db/schema';
import { defaultSettings } from './default-settings';
import { systemEmailTemplates } from '../mail/system-templates';
import { syncSystemDefinitions } from '../engine/system-definitions';
import { forgetSites } from '../services/places/nearest-sites';
import { ukWeatherSites } from '../../metadata/data/uk-weather-sites';

const seededMenuKey = 'System.SeededMenuItemIds';
const seededWeatherSitesKey = 'System.SeededWeatherSiteIds';

/**
 * Reference data every installation needs. Idempotent: safe on every start. A release's new
 * default texts, settings and menu items arrive; an administrator's changes are kept, and a
 * menu item or forecast site an administrator deleted is not brought back.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const sitesAdded = await db.transaction().execute(async (trx) => {
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
    return seedWeatherSites(trx);
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
