import { administrationGroups, defaultMenu, movedMenuTargets, platformConstants } from '#metadata';
import type { ModuleSeed } from '../module';
import { getSetting, putSetting } from '../settings/index';
import { insertMissingMenuItems, moveMenuTargets } from './menu-repository';
import { regroupUnchangedAdministration } from './regroup-administration';

const seededMenuKey = 'System.SeededMenuItemIds';
const groupIds = new Set<number>(Object.values(administrationGroups));

/**
 * The release's menu items not seeded before (an item an administrator deleted is not brought
 * back), and the targets a release moved. An installation seeded before the Administration
 * menu had groups gets them where its menu is still the default one (see
 * `regroupUnchangedAdministration`); an edited menu gets no empty groups.
 */
export const menuSeed: ModuleSeed = {
  data: [defaultMenu, movedMenuTargets],
  async run(trx) {
    const seeded = new Set(await getSetting<number[]>(trx, seededMenuKey, []));
    await moveMenuTargets(trx, movedMenuTargets);
    let fresh = defaultMenu.filter((item) => !seeded.has(item.Id));
    if (seeded.size > 0 && fresh.some((item) => groupIds.has(item.Id))) {
      await regroupUnchangedAdministration(trx);
      fresh = fresh.filter((item) => !groupIds.has(item.Id));
      await putSetting(trx, seededMenuKey, [...seeded, ...groupIds]);
      groupIds.forEach((id) => seeded.add(id));
    }
    if (fresh.length > 0) {
      await insertMissingMenuItems(trx, platformConstants.defaultLanguage, fresh);
      await putSetting(trx, seededMenuKey, [...seeded, ...fresh.map((item) => item.Id)]);
    }
  },
};
