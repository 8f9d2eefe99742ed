import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { type DeriveOptions, type DerivedDelivery, deriveDeliveryFields } from '../state/derive';
import { assertInputsValid } from './input-rules';
import { type MaterialLimits, materialLimits } from './material-limits';

type Row = Record<string, unknown>;

/** The id of the material a derive matched (a past delivery's kept state keeps the stored one). */
export function derivedMaterialId(derived: DerivedDelivery, existing: Row | undefined): unknown {
  return 'MaterialId' in derived.computed ? derived.computed.MaterialId : existing?.MaterialId;
}

/**
 * Refuses with a 400 the amendable inputs of `values` that the material a derive matched
 * (`materialId`, with its `material` limits) does not allow: see `inputProblems`.
 */
export function assertDerivedInputsValid(
  values: Row,
  existing: Row | undefined,
  materialId: unknown,
  material: MaterialLimits | undefined,
): void {
  assertInputsValid({
    values,
    existing,
    material,
    materialChanged:
      existing !== undefined && (existing.MaterialId ?? null) !== (materialId ?? null),
  });
}

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
  const materialId = derivedMaterialId(derived, existing);
  assertDerivedInputsValid(values, existing, materialId, await materialLimits(db, materialId));
  return derived;
}
