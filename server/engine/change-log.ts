import { isDeepStrictEqual } from 'node:util';
import type { Kysely, Transaction } from 'kysely';
import { changeLogActionTypes, type ChangeLogActionType, type FieldChange } from '#metadata';
import type { Database } from '../db/schema';
import { insertChangeLog } from './change-log-repository';

type Db = Kysely<Database> | Transaction<Database>;
type Values = Readonly<Record<string, unknown>>;

/** Who made a change, as the change log names them. */
export interface Actor {
  id: number | null;
  name: string;
}

/** The installation itself (its seeding), as the change log names it. */
export const systemActor: Actor = { id: null, name: 'System' };

/** Fields whose values never reach the log: only the fact that they changed does. */
const secretField = /password|passwd|ticket|token|secret|hash|captcha/i;

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    return value
      .map((item) =>
        typeof item === 'object' && item !== null && 'Name' in item
          ? String(item.Name)
          : shown(item),
      )
      .join(', ');
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A change whose values never reach the log: only the fact that the field changed. */
export const changedOnly = (field: string): FieldChange => ({
  Field: field,
  OldValue: null,
  NewValue: null,
  ChangeText: `${field}: changed`,
});

function change(field: string, oldValue: unknown, newValue: unknown): FieldChange {
  if (secretField.test(field)) return changedOnly(field);
  const text =
    oldValue === undefined
      ? `${field}: ${shown(newValue)}`
      : newValue === undefined
        ? `${field}: ${shown(oldValue)}`
        : `${field}: ${shown(oldValue)} → ${shown(newValue)}`;
  return { Field: field, OldValue: oldValue ?? null, NewValue: newValue ?? null, ChangeText: text };
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The field-level changes between two versions of a row over `fields`; a created row has no
 * `before`, a deleted one no `after`. Secret fields say only that they changed.
 */
export function fieldChanges(
  before: Values | null,
  after: Values | null,
  fields: readonly string[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const oldValue = before ? before[field] : undefined;
    const newValue = after ? after[field] : undefined;
    if (before && after && isDeepStrictEqual(oldValue, newValue)) continue;
    // A created or deleted row is shown by what it holds: its empty fields say nothing.
    if (!before && isEmpty(newValue)) continue;
    if (!after && isEmpty(oldValue)) continue;
    changes.push(change(field, oldValue, newValue));
  }
  return changes;
}

export interface ChangeRecord {
  entityType: string;
  entityId: string | number;
  actionType: ChangeLogActionType;
  actor: Actor;
  changes: FieldChange[];
  genericLog?: string | null;
}

/** Writes one change-log entry; call it inside the transaction that made the change. */
export async function recordChange(db: Db, record: ChangeRecord): Promise<void> {
  await insertChangeLog(db, {
    entityType: record.entityType,
    entityId: String(record.entityId),
    actionType: record.actionType,
    userId: record.actor.id,
    userName: record.actor.name,
    changes: record.changes,
    genericLog: record.genericLog ?? null,
  });
}

export function actionTypeText(actionType: number): string {
  return changeLogActionTypes.find((type) => type.Id === actionType)?.Name ?? 'Other';
}

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The stored changes as the API answers them, whatever the row holds: anything that is not a
 * list of changes with a text is left out, so a damaged row can never break a list.
 */
export function storedChanges(value: unknown): FieldChange[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const change = item as Record<string, unknown>;
    if (!isText(change.ChangeText)) return [];
    return [
      {
        Field: isText(change.Field) ? change.Field : '',
        OldValue: change.OldValue ?? null,
        NewValue: change.NewValue ?? null,
        ChangeText: change.ChangeText,
      },
    ];
  });
}
