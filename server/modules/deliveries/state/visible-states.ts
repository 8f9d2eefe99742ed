import { type Kysely, sql } from 'kysely';
import { deliveryEntity } from '#metadata';
import type { Database } from '../../../db/schema';
import type { EntityCaller } from '../../../engine/caller';
import { accessFor, scopeOf } from '../../../engine/entity-access';
import { entityById } from '../../../engine/entity-context';
import type { EntityHookRegistry } from '../../../engine/entity-hooks';
import type { AnyDb } from '../../../engine/odata/index';
import type { ShownState } from './state-stream';

/**
 * The state changes a caller may be pushed, as the engine's access to deliveries has it for
 * them now: only deliveries their row rules let them read (one query over the batch's ids),
 * and none of a field hidden from them (no change at all when the state itself is).
 */
export async function visibleStates(
  db: Kysely<Database>,
  registry: EntityHookRegistry,
  caller: EntityCaller,
  changes: readonly ShownState[],
): Promise<ShownState[]> {
  const access = accessFor(registry, await entityById(db, deliveryEntity.id), caller);
  const { storage } = access.entity;
  if (!Object.hasOwn(storage.fields, 'State') || changes.length === 0) return [];
  let shown = [...changes];
  const scope = scopeOf(access);
  if (scope) {
    const ids = shown.map((change) => change.Id);
    const key = sql.ref(`${storage.table}.${storage.key}`);
    const rows = await (db.withoutPlugins() as AnyDb)
      .selectFrom(storage.table)
      .select(key.as('id'))
      .where(key, 'in', ids)
      .where(scope)
      .execute();
    const reached = new Set(rows.map((row) => Number(row.id)));
    shown = shown.filter((change) => reached.has(change.Id));
  }
  if (Object.hasOwn(storage.fields, 'AvailableTimeForCompaction')) return shown;
  return shown.map(({ Id, State }) => ({ Id, State }));
}
