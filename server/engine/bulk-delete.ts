import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import type { AnyDb, BaseWhere } from './odata/index';
import { recordChange } from './change-log';
import { entityRowsWritten, writeTransaction } from './count-cache';
import { assertMay, bothScopes, type EntityAccess, scopeOf, writeScopeOf } from './entity-access';

/**
 * Deletes every row the caller reaches and may change that meets `where` (all of them without it), in one
 * statement, with one change-log entry saying how many went: an administrator clearing the
 * deliveries does not want a million entries, nor the wait for them. Answers the count.
 *
 * Rows are not read first, so an entity whose hooks check each delete (`beforeDelete`) cannot
 * be cleared this way, nor one whose hooks refuse deletes.
 *
 * @example const deleted = await deleteEntities(app.db, access, pastOnly ? pastRows : undefined);
 */
export async function deleteEntities(
  db: Kysely<Database>,
  access: EntityAccess,
  where?: BaseWhere,
): Promise<number> {
  const { entity, hooks, caller } = access;
  assertMay(access, 'delete');
  if (hooks.refuseDeletes) throw new AppError('Forbidden', hooks.refuseDeletes);
  if (hooks.beforeDelete) {
    throw new Error(`${entity.name} checks each delete; its rows cannot be deleted in bulk`);
  }
  // Only the rows the caller reaches and their row rules let them change.
  const scope = bothScopes(scopeOf(access), writeScopeOf(access));
  return writeTransaction(db, async (trx) => {
    // The table is named by metadata at run time, so no static Database type describes it.
    let query = (trx.withoutPlugins() as AnyDb).deleteFrom(entity.storage.table);
    if (scope) query = query.where(scope);
    if (where) query = query.where(where);
    const deleted = Number((await query.executeTakeFirst()).numDeletedRows);
    if (deleted === 0) return 0;
    entityRowsWritten();
    const text = `Deleted ${deleted} ${entity.name}`;
    await recordChange(trx, {
      entityType: entity.entityType,
      entityId: '*',
      actionType: 2,
      actor: caller.actor,
      changes: [{ Field: 'Deleted', OldValue: null, NewValue: deleted, ChangeText: text }],
      genericLog: text,
    });
    return deleted;
  });
}
