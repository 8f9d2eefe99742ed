import type { Kysely, Transaction } from 'kysely';
import type { Database, NewProblemReport } from '../../db/schema';

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

export async function markProblemReportMailed(db: Db, id: number) {
  await db
    .updateTable('problemReports')
    .set({ mailedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** E-mail addresses of the active users holding an admin role. */
export async function listAdminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('userRoles', 'userRoles.userId', 'users.id')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('users.email')
    .distinct()
    .where('roles.isAdmin', '=', true)
    .where('users.active', '=', true)
    .where('users.email', '!=', '')
    .orderBy('users.email')
    .execute();
  return rows.map((r) => r.email);
}
