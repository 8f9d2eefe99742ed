import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** An active material as a delivery's state needs it: its code pattern and its mix. */
export interface DeliveryMaterial {
  id: number;
  /** A pattern: `?` stands for any one character. */
  code: string;
  canAddEvotherm: boolean;
  minMixTemp: number | null;
  maxMixTemp: number | null;
  mixType: 'dense' | 'sma';
  stopTemperature: number | null;
}

/** Every active material, by id: what delivery codes are matched against. */
export function listActiveDeliveryMaterials(db: Db): Promise<DeliveryMaterial[]> {
  return db
    .selectFrom('materials')
    .select([
      'id',
      'code',
      'canAddEvotherm',
      'minMixTemp',
      'maxMixTemp',
      'mixType',
      'stopTemperature',
    ])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
}
