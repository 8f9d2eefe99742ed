import type { Kysely, Transaction } from 'kysely';
import type { Database, NewProblemReport } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertProblemReport(db: Db, report: NewProblemReport): Promise<number> {
  const row = await db
    .insertInto('problemReports')
    .values(report)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findProblemReport(db: Db, id: number) {
  return db.selectFrom('problemReports').selectAll().where('id', '=', id).executeTakeFirst();
}
