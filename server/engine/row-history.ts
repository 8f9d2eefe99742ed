import type { Kysely } from 'kysely';
import type { ChangeLogEntry } from '#metadata';
import type { Database } from '../db/schema';
import { AppError } from '../errors/app-error';
import { actionTypeText, storedChanges } from './change-log';
import { visibleChanges } from './change-log-reach';
import { type EntityAccess, visibleFields } from './entity-access';
import { readEntity } from './entity-service';

/** How many entries a row's history answers (newest first). */
const maxEntries = 500;

/**
 * The field-level history of one row, for anyone who may read the row: a row out of the
 * caller's reach is absent (404), and changes of fields hidden from the caller are left out
 * (the change log's own rule, see change-log-reach.ts).
 */
export async function rowHistory(
  db: Kysely<Database>,
  access: EntityAccess,
  id: number,
): Promise<ChangeLogEntry[]> {
  const row = await readEntity(db, access, id);
  if (!row)
    throw new AppError('NotFound', `The ${access.entity.entityType.toLowerCase()} does not exist.`);
  const visible = visibleFields(access);
  const entries = await db
    .selectFrom('changeLogs')
    .selectAll()
    .where('entityType', '=', access.entity.entityType)
    .where('entityId', '=', String(id))
    .orderBy('dateTime', 'desc')
    .orderBy('id', 'desc')
    .limit(maxEntries)
    .execute();
  return entries.map((entry) => ({
    Id: Number(entry.id),
    EntityId: entry.entityId,
    EntityType: entry.entityType,
    DateTime: new Date(entry.dateTime).toISOString(),
    UserName: entry.userName,
    ActionType: entry.actionType,
    ActionTypeText: actionTypeText(entry.actionType),
    GenericLog: entry.genericLog,
    Changes: visibleChanges(storedChanges(entry.changes), visible),
  }));
}
