import { type Kysely, sql, type SqlBool } from 'kysely';
import type { AmendRequest, AmendResult, EntityStorage } from '#metadata';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import type { EntityAccess } from '../../../engine/entity-access';
import { listEntity } from '../../../engine/entity-list';
import { writeTransaction } from '../../../engine/count-cache';
import { saveEntity } from '../../../engine/entity-service';
import type { BaseWhere } from '../../../engine/odata/index';
import { fieldSql } from '../../../engine/odata/field-sql';

type Row = Record<string, unknown>;

/** The deliveries with these ids (checked integers). */
export function deliveriesWithIds(storage: EntityStorage, ids: readonly number[]): BaseWhere {
  return () => sql<SqlBool>`${fieldSql(storage, 'Id')} in (${sql.join(ids)})`;
}

/** The selected deliveries as the caller reads them: these fields, by id. */
export async function selectedDeliveries(
  db: Kysely<Database>,
  access: EntityAccess,
  ids: readonly number[],
  fields: readonly string[],
): Promise<Map<number, Row>> {
  const params = { $select: ['Id', ...fields].join(','), $top: String(ids.length) };
  const where = deliveriesWithIds(access.rowStorage, ids);
  const { value } = await listEntity(db, access, params, { where });
  return new Map(value.map((row) => [row.Id as number, row]));
}

/** The amend dialog's fields as the delivery's own: those given (not null) only. */
function changesOf(request: AmendRequest): Row {
  const changes: Row = {};
  if (request.OutputTemp !== undefined && request.OutputTemp !== null) {
    changes.OutputTemperature = request.OutputTemp;
  }
  if (request.Thickness !== undefined && request.Thickness !== null) {
    changes.Thickness = request.Thickness;
  }
  if (request.EvoTherm !== undefined && request.EvoTherm !== null) {
    changes.EvoThermAllowed = request.EvoTherm;
  }
  return changes;
}

const requestField: Record<string, string> = {
  OutputTemperature: 'OutputTemp',
  Thickness: 'Thickness',
  EvoThermAllowed: 'EvoTherm',
};

/** A delivery's refusal, naming the delivery and the dialog's field. */
function aboutDelivery(error: unknown, id: number): unknown {
  if (!(error instanceof AppError) || error.code !== 'BadRequest') return error;
  const fields = error.fieldErrors.map((e) => ({ ...e, Field: requestField[e.Field] ?? e.Field }));
  return new AppError('BadRequest', `Delivery ${id}: ${error.message}`, [
    ...fields,
    { Field: 'DeliveriesIds', Message: `Delivery ${id} cannot take this change.` },
  ]);
}

/**
 * Applies the given inputs to every selected delivery in one transaction, all or none: an
 * unknown id is a 404 naming it, another unit's delivery a 403 for staff (the hooks), an input
 * the delivery's material refuses a 400 naming the field and the delivery. Each save carries
 * the version read in the same transaction: the amend acts on the deliveries as they are now.
 */
export async function amendSelected(
  db: Kysely<Database>,
  access: EntityAccess,
  request: AmendRequest,
): Promise<{ results: AmendResult[]; saved: Row[] }> {
  const changes = changesOf(request);
  if (Object.keys(changes).length === 0) {
    throw new AppError('BadRequest', 'Give an output temperature, thickness or additive to set.');
  }
  const ids = request.DeliveriesIds;
  return writeTransaction(db, async (trx) => {
    const before = await selectedDeliveries(trx, access, ids, ['Version', 'State']);
    const missing = ids.filter((id) => !before.has(id));
    if (missing.length > 0) {
      throw new AppError('NotFound', `There is no delivery ${missing.join(', ')}.`, [
        { Field: 'DeliveriesIds', Message: `${missing.join(', ')} do not exist` },
      ]);
    }
    const results: AmendResult[] = [];
    const saved: Row[] = [];
    for (const id of ids) {
      const old = before.get(id)!;
      const payload = { Id: id, Version: old.Version, ...changes };
      const row = await saveEntity<Row>(trx, access, payload).catch((error: unknown) => {
        throw aboutDelivery(error, id);
      });
      saved.push(row);
      results.push({
        Id: id,
        OldState: String(old.State),
        NewState: String(row.State),
        AvailableTimeForCompaction: (row.AvailableTimeForCompaction as number | null) ?? null,
        StateReason: (row.StateReason as string | null) ?? null,
      });
    }
    return { results, saved };
  });
}
