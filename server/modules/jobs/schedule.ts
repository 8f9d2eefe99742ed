import { CronExpressionParser } from 'cron-parser';

/** A schedule's problem in words, or null when it is a cron of five fields that will recur. */
export function scheduleProblem(schedule: string, timeZone: string): string | null {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) {
    return `"${schedule}" is not a cron schedule of five fields (minute hour day month weekday).`;
  }
  try {
    CronExpressionParser.parse(schedule, { tz: timeZone, strict: false }).next();
    return null;
  } catch (error) {
    return `"${schedule}" is not a valid cron schedule: ${(error as Error).message}`;
  }
}

/** Whether `timeZone` is an IANA zone this runtime knows, e.g. `Europe/London`. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone.length > 0;
  } catch {
    return false;
  }
}

/** The next `count` times the schedule comes due after `from`. */
export function nextRuns(schedule: string, timeZone: string, count = 5, from = new Date()): Date[] {
  try {
    return CronExpressionParser.parse(schedule, { tz: timeZone, currentDate: from })
      .take(count)
      .map((date) => date.toDate());
  } catch {
    return [];
  }
}
