import type { Kysely, Transaction } from 'kysely';
import type { ChangeLogActionType, FieldChange } from '#metadata';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewChangeLog {
  entityType: string;
  entityId: string;
  actionType: ChangeLogActionType;
  userId: number | null;
  userName: string;
  changes: FieldChange[];
  genericLog?: string | null;
}

export async function insertChangeLog(db: Db, entry: NewChangeLog): Promise<string> {
  const row = await db
    .insertInto('changeLogs')
    .values({
      entityType: entry.entityType,
      entityId: entry.entityId,
      actionType: entry.actionType,
      userId: entry.userId,
      userName: entry.userName,
      changes: JSON.stringify(entry.changes),
      genericLog: entry.genericLog ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
