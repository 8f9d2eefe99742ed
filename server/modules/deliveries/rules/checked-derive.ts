import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { type DeriveOptions, type DerivedDelivery, deriveDeliveryFields } from '../state/derive';
import { assertInputsValid } from './input-rules';
import { materialLimits } from './material-limits';

type Row = Record<string, unknown>;

/**
 * The delivery's computed fields for `values` (the whole delivery as it is about to be), once
 * its amendable inputs pass the rules of the material its code matches: a save and the
 * what-if of SetNewState check and compute alike. Throws a 400 naming the fields at fault.
 */
export async function checkedDerive(
  db: Kysely<Database>,
  values: Row,
  existing: Row | undefined,
  options: DeriveOptions = {},
): Promise<DerivedDelivery> {
  const derived = await deriveDeliveryFields(db, values, existing, options);
  const materialId =
    'MaterialId' in derived.computed ? derived.computed.MaterialId : existing?.MaterialId;
  assertInputsValid({
    values,
    existing,
    material: await materialLimits(db, materialId),
    materialChanged:
      existing !== undefined && (existing.MaterialId ?? null) !== (materialId ?? null),
  });
  return derived;
}
