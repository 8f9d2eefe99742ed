import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/** What a material allows of a delivery's inputs: its mix temperatures and the additive. */
export interface MaterialLimits {
  minMixTemp: number | null;
  maxMixTemp: number | null;
  canAddEvotherm: boolean;
}

/** The limits of the material with this id; undefined when there is none. */
export async function materialLimits(
  db: Kysely<Database>,
  materialId: unknown,
): Promise<MaterialLimits | undefined> {
  if (typeof materialId !== 'number') return undefined;
  return db
    .selectFrom('materials')
    .select(['minMixTemp', 'maxMixTemp', 'canAddEvotherm'])
    .where('id', '=', materialId)
    .executeTakeFirst();
}
