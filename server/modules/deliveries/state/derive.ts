import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

type Row = Record<string, unknown>;

export interface DeriveOptions {
  /** The clock, for tests. */
  now?: () => Date;
  /** Also answer the cooling curve (SetNewState). */
  withCurve?: boolean;
  log?: { warn(details: object, message: string): void };
}

export interface CurvePoint {
  Minute: number;
  MeanTemperature: number;
  SurfaceTemperature: number;
}

export interface DerivedDelivery {
  /**
   * The delivery's computed fields by field name (MaterialId, the location and its source,
   * the forecast site, the forecast fields, State and its reason, inputs, model version...);
   * a save writes them with the posted values.
   */
  computed: Row;
  /** The cooling curve, when asked and when the model ran. */
  curve?: CurvePoint[];
}

/**
 * Every computed field of a delivery from its values (as the engine is about to write them)
 * and the row as stored before (undefined for a new one): the material its code matches, the
 * location and nearest forecast site, the forecast at its hour and the state the compaction
 * model gives. Never throws for a missing forecast or location: those are state M.
 *
 * STUB: the state helper replaces this body.
 */
export async function deriveDeliveryFields(
  _db: Kysely<Database>,
  _values: Row,
  _existing: Row | undefined,
  _options: DeriveOptions = {},
): Promise<DerivedDelivery> {
  return {
    computed: { State: 'M', StateReason: 'Not computed yet', StateReasonCode: 'noForecast' },
  };
}
