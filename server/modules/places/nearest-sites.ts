import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { Kysely } from 'kysely';
import type { WeatherSite } from '#metadata';
import type { Database } from '../../db/schema';
import { listActiveWeatherSites, type WeatherSiteRow } from '../weather/index';
import { greatCircleKm } from './great-circle';

/** Active forecast sites with a spatial index over them (kd-tree on longitude, latitude). */
export interface SiteIndex {
  sites: readonly WeatherSiteRow[];
  tree: KDBush;
}

export function buildSiteIndex(sites: readonly WeatherSiteRow[]): SiteIndex {
  const tree = new KDBush(sites.length);
  for (const site of sites) tree.add(site.longitude, site.latitude);
  return { sites, tree: tree.finish() };
}

/** The `n` sites nearest a point, nearest first, with their great-circle distance in km. */
export function nearestInIndex(
  { sites, tree }: SiteIndex,
  latitude: number,
  longitude: number,
  n: number,
): WeatherSite[] {
  // geokdbush ranks by great-circle distance on its own earth radius; the ranking is the same
  // on any radius, but the distances answered are the spec's (6371.01 km).
  return around(tree, longitude, latitude, n)
    .map((item) => {
      const site = sites[item]!;
      return {
        id: site.id,
        name: site.name,
        latitude: site.latitude,
        longitude: site.longitude,
        distance: greatCircleKm(latitude, longitude, site.latitude, site.longitude),
      };
    })
    .sort((a, b) => a.distance - b.distance);
}

/**
 * How long an index is trusted: another app instance may have changed the sites, and only
 * this instance's own changes call `forgetSites`.
 */
const maxAgeMs = 10 * 60_000;
const indexes = new WeakMap<Kysely<Database>, { builtAt: number; index: Promise<SiteIndex> }>();

/** The index of a database's active sites, built on first use and kept for ten minutes. */
export function siteIndex(db: Kysely<Database>): Promise<SiteIndex> {
  const cached = indexes.get(db);
  if (cached && Date.now() - cached.builtAt < maxAgeMs) return cached.index;
  const index = listActiveWeatherSites(db).then(buildSiteIndex);
  const entry = { builtAt: Date.now(), index };
  indexes.set(db, entry);
  index.catch(() => {
    if (indexes.get(db) === entry) indexes.delete(db);
  });
  return index;
}

export async function nearestSites(
  db: Kysely<Database>,
  latitude: number,
  longitude: number,
  n: number,
): Promise<WeatherSite[]> {
  return nearestInIndex(await siteIndex(db), latitude, longitude, n);
}

/** Drops a database's index after its sites changed; the next lookup rebuilds it. */
export function forgetSites(db: Kysely<Database>): void {
  indexes.delete(db);
}
