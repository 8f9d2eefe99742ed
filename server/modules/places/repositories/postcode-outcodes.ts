import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface OutcodeCentroid {
  outcode: string;
  latitude: number;
  longitude: number;
}

// Three parameters a row; PostgreSQL takes at most 65535 in one statement.
const rowsPerStatement = 1000;

export async function findOutcodeCentroid(
  db: Db,
  outcode: string,
): Promise<OutcodeCentroid | undefined> {
  return db
    .selectFrom('postcodeOutcodes')
    .select(['outcode', 'latitude', 'longitude'])
    .where('outcode', '=', outcode)
    .executeTakeFirst();
}

/** Adds the centroids, replacing those of outcodes already held. Returns how many. */
export async function upsertOutcodeCentroids(
  db: Db,
  centroids: readonly OutcodeCentroid[],
): Promise<number> {
  let written = 0;
  for (let start = 0; start < centroids.length; start += rowsPerStatement) {
    const chunk = centroids.slice(start, start + rowsPerStatement);
    const result = await db
      .insertInto('postcodeOutcodes')
      .values(chunk.map(({ outcode, latitude, longitude }) => ({ outcode, latitude, longitude })))
      .onConflict((oc) =>
        oc.column('outcode').doUpdateSet((eb) => ({
          latitude: eb.ref('excluded.latitude'),
          longitude: eb.ref('excluded.longitude'),
          importedAt: sql<Date>`now()`,
        })),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}
