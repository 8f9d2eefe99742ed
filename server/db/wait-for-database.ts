import type { DatabaseHandle } from './connect';
import { isDatabaseUnavailable } from './unavailable';

export interface WaitOptions {
  log: { warn(details: object, message: string): void; info(message: string): void };
  /** Between tries. */
  intervalMs?: number;
  /** How often the wait is told in the log. */
  reportEveryMs?: number;
}

/**
 * Resolves once the database answers. A database that is down or starting (a server started
 * before its database, both restarted together) is waited for, tried every second and said in
 * the log now and then; a fault that waiting cannot mend (a wrong password, a missing database)
 * is thrown at once.
 */
export async function waitForDatabase(
  database: DatabaseHandle,
  { log, intervalMs = 1_000, reportEveryMs = 10_000 }: WaitOptions,
): Promise<void> {
  const started = Date.now();
  let reportedAt = -Infinity;
  for (;;) {
    try {
      await database.ping(5_000);
      if (reportedAt > -Infinity) log.info('the database answers; starting');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (Date.now() - reportedAt >= reportEveryMs) {
        reportedAt = Date.now();
        log.warn(
          { err: error, waitingMs: reportedAt - started },
          'waiting for the database to answer',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
