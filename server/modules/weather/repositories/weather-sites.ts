import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface WeatherSiteRow {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

export async function listActiveWeatherSites(db: Db): Promise<WeatherSiteRow[]> {
  return db
    .selectFrom('weatherSites')
    .select(['id', 'name', 'latitude', 'longitude'])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
}

/** An active site by id; undefined when there is none or it was switched off. */
export async function findActiveWeatherSite(
  db: Db,
  id: number,
): Promise<WeatherSiteRow | undefined> {
  return db
    .selectFrom('weatherSites')
    .select(['id', 'name', 'latitude', 'longitude'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** Adds the sites whose id is not taken; never changes an existing one. Returns how many. */
export async function insertMissingWeatherSites(
  db: Db,
  sites: readonly WeatherSiteRow[],
): Promise<number> {
  if (sites.length === 0) return 0;
  const inserted = await db
    .insertInto('weatherSites')
    .values(sites.map(({ id, name, latitude, longitude }) => ({ id, name, latitude, longitude })))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}
