import { defaultMenu, movedMenuTargets, platformConstants } from '#metadata';
import type { ModuleSeed } from '../module';
import { getSetting, putSetting } from '../settings/index';
import { insertMissingMenuItems, moveMenuTargets } from './menu-repository';

const seededMenuKey = 'System.SeededMenuItemIds';

/**
 * The release's menu items not seeded before (an item an administrator deleted is not brought
 * back), and the targets a release moved.
 */
export const menuSeed: ModuleSeed = {
  data: [defaultMenu, movedMenuTargets],
  async run(trx) {
    const seeded = new Set(await getSetting<number[]>(trx, seededMenuKey, []));
    const fresh = defaultMenu.filter((item) => !seeded.has(item.Id));
    if (fresh.length > 0) {
      await insertMissingMenuItems(trx, platformConstants.defaultLanguage, fresh);
      await putSetting(trx, seededMenuKey, [...seeded, ...fresh.map((item) => item.Id)]);
    }
    await moveMenuTargets(trx, movedMenuTargets);
  },
};
