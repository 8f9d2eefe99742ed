import type { Kysely } from 'kysely';
import {
  builtInEntities,
  defaultMenu,
  defaultTexts,
  platformConstants,
  seedLanguages,
  systemPermissions,
  systemRoles,
} from '#metadata';
import { insertRoleIfMissing, upsertSystemPermissions } from '../../repositories/access-control';
import { insertMissingEmailTemplates } from '../../repositories/email-templates';
import { insertMissingLanguages, touchAllLanguages } from '../../repositories/languages';
import { insertMissingMenuItems } from '../../repositories/menu';
import { getSetting, insertMissingSettings, putSetting } from '../../repositories/settings';
import { upsertDefaultTexts } from '../../repositories/translations';
import type { Database } from '../schema';
import { defaultSettings } from './default-settings';
import { systemEmailTemplates } from '../../mail/system-templates';
import { syncSystemDefinitions } from '../../services/engine/system-definitions';

const seededMenuKey = 'System.SeededMenuItemIds';

/**
 * Reference data every installation needs. Idempotent: safe on every start. A release's new
 * default texts, settings and menu items arrive; an administrator's changes are kept, and a
 * menu item an administrator deleted is not brought back.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
  });
}
