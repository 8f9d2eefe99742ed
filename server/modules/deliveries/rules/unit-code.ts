import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import type { EntityCaller } from '../../../engine/caller';
import { managesDeliveries } from './caller-rights';

type Row = Record<string, unknown>;

const isNew = (payload: Row) =>
  payload.Id === undefined || payload.Id === null || payload.Id === 0 || payload.Id === '0';

/**
 * A new delivery as an administrator posts it, with its unit named by code (as the import
 * and the spec's shapes name it) when no UnitId is given: the payload with that unit's id.
 * Done before the engine checks the payload, which requires a UnitId.
 */
export async function withUnitFromCode(
  db: Kysely<Database>,
  caller: EntityCaller,
  payload: Row,
): Promise<Row> {
  const code = payload.UnitCode;
  if (!managesDeliveries(caller) || !isNew(payload)) return payload;
  if ((payload.UnitId !== undefined && payload.UnitId !== null) || typeof code !== 'string') {
    return payload;
  }
  const unit = await db
    .selectFrom('units')
    .select('id')
    .where((eb) => eb(eb.fn('upper', ['code']), '=', code.trim().toUpperCase()))
    .executeTakeFirst();
  if (!unit) {
    const message = `There is no unit with the code '${code.slice(0, 40)}'.`;
    throw new AppError('BadRequest', message, [{ Field: 'UnitCode', Message: 'is not a unit' }]);
  }
  return { ...payload, UnitId: unit.id };
}
