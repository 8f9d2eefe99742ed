import { ukWeatherSites } from '../../../metadata/data/uk-weather-sites';
import type { ModuleSeed } from '../module';
import { forgetSites } from '../places/index';
import { getSetting, putSetting } from '../settings/index';
import { insertMissingWeatherSites } from './repositories/weather-sites';

const seededWeatherSitesKey = 'System.SeededWeatherSiteIds';

/**
 * The release's forecast sites not seeded before; an administrator's edits are kept, and a site
 * an administrator deleted is not brought back. The sites' index is rebuilt once committed.
 */
export const weatherSitesSeed: ModuleSeed = {
  data: ukWeatherSites,
  async run(trx, db) {
    const seeded = new Set(await getSetting<number[]>(trx, seededWeatherSitesKey, []));
    const fresh = ukWeatherSites.filter(([id]) => !seeded.has(id));
    if (fresh.length === 0) return;
    const added = await insertMissingWeatherSites(
      trx,
      fresh.map(([id, name, latitude, longitude]) => ({ id, name, latitude, longitude })),
    );
    await putSetting(trx, seededWeatherSitesKey, [...seeded, ...fresh.map(([id]) => id)]);
    if (added > 0) return () => forgetSites(db);
  },
};
