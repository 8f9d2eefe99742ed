import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { fieldChanges, recordChange } from '../engine/change-log';
import type { Caller } from './caller';

export type PeopleEntity = 'User' | 'Role' | 'Group' | 'Company' | 'Permission';

export interface Named {
  id: number;
  name: string;
}

/** A row as the change log sees it: plain fields, and lists of named rows (roles, users...). */
export interface Snapshot {
  fields?: Record<string, unknown>;
  lists?: Record<string, readonly Named[]>;
}

const isBlank = (value: unknown) =>
  value === '' || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * A list after a change as names: the names kept in their old order, then those added, so
 * that the old and new values read as what was added and removed.
 */
function namesAfter(before: readonly Named[], after: readonly Named[]): string[] {
  const afterIds = new Set(after.map((item) => item.id));
  const beforeIds = new Set(before.map((item) => item.id));
  return [
    ...before.filter((item) => afterIds.has(item.id)),
    ...after.filter((item) => !beforeIds.has(item.id)),
  ].map((item) => item.name);
}

function flatten(
  snapshot: Snapshot,
  previous: Snapshot | null,
  dropBlanks: boolean,
): Record<string, unknown> {
  const lists = Object.entries(snapshot.lists ?? {}).map(([field, items]) => {
    const before = previous?.lists?.[field];
    return [field, before ? namesAfter(before, items) : items.map((item) => item.name)] as const;
  });
  const values = { ...snapshot.fields, ...Object.fromEntries(lists) };
  if (!dropBlanks) return values;
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
}

/**
 * Writes the change-log entry of a people write, in the caller's transaction: a create when
 * there is no `before`, a delete when there is no `after`, else an update (ActionType 1),
 * which writes nothing when nothing changed. Secret fields only say that they changed.
 */
export async function logPeopleChange(
  trx: Transaction<Database>,
  caller: Caller,
  entityType: PeopleEntity,
  entityId: number,
  before: Snapshot | undefined,
  after: Snapshot | undefined,
): Promise<void> {
  // A created or deleted row is shown by what it holds: its empty fields say nothing.
  const old = before ? flatten(before, null, !after) : null;
  const next = after ? flatten(after, before ?? null, !before) : null;
  const fields = [...new Set([...Object.keys(old ?? {}), ...Object.keys(next ?? {})])];
  const changes = fieldChanges(old, next, fields);
  if (before && after && changes.length === 0) return;
  await recordChange(trx, {
    entityType,
    entityId,
    actionType: !before ? 0 : !after ? 2 : 1,
    actor: { id: caller.id, name: caller.name },
    changes,
  });
}
