import { sql } from 'kysely';
import { settingValue } from '../settings/index';
import type { JobDefinition } from './job-definition';
import { forgetRunsBefore } from './job-runs-repository';

const dayMs = 24 * 60 * 60 * 1000;
/** Signed-out and expired sessions, used and expired tickets are kept this long for support. */
const keepEndedDays = 30;

/**
 * Nightly: forgets what has run its course: sessions ended (expired or signed out) a month
 * ago, account tickets expired a month ago, used captchas past their expiry, and job runs
 * older than `Jobs.HistoryDays`.
 */
export const housekeepingJob: JobDefinition = {
  name: 'housekeeping',
  title: 'JOBS.HOUSEKEEPING',
  schedule: '30 3 * * *',
  enabled: true,
  async run({ db, progress }) {
    const endedBefore = new Date(Date.now() - keepEndedDays * dayMs);
    const sessions = await db
      .deleteFrom('sessions')
      .where((where) =>
        where.or([where('expiresAt', '<', endedBefore), where('revokedAt', '<', endedBefore)]),
      )
      .executeTakeFirst();
    progress(1, 4);
    const tickets = await db
      .deleteFrom('accountTickets')
      .where('expiresAt', '<', endedBefore)
      .executeTakeFirst();
    progress(2, 4);
    const captchas = await db
      .deleteFrom('usedCaptchas')
      .where('expiresAt', '<', sql<Date>`now()`)
      .executeTakeFirst();
    progress(3, 4);
    const historyDays = await settingValue<number>(db, 'Jobs.HistoryDays');
    const runs = await forgetRunsBefore(db, new Date(Date.now() - historyDays * dayMs));
    const counts = {
      sessions: Number(sessions.numDeletedRows),
      tickets: Number(tickets.numDeletedRows),
      captchas: Number(captchas.numDeletedRows),
      runs,
    };
    return {
      rows: counts.sessions + counts.tickets + counts.captchas + counts.runs,
      message: `Removed ${counts.sessions} sessions, ${counts.tickets} tickets, ${counts.captchas} captchas and ${counts.runs} job runs.`,
    };
  },
};
