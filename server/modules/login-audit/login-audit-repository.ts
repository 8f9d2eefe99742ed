import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { loginChartBuckets, type LoginAuditEvent, type LoginChartGrouping } from '#metadata';
import type { Database, LoginAuditTable } from '../../db/schema';
import { parseUserAgent } from '../../security/user-agent';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertLoginAudit(db: Db, entry: Insertable<LoginAuditTable>) {
  await db.insertInto('loginAudit').values(entry).execute();
}

/** The flag of a `Succeeded: false` answer (`InvalidCurrentPassword`, ...), empty for a success. */
export function answerFlag(answer: { Succeeded: boolean } & Record<string, unknown>): string {
  if (answer.Succeeded) return '';
  return Object.keys(answer).find((key) => key !== 'Succeeded' && answer[key] === true) ?? 'Failed';
}

/** An account event as its call tells it: who did it, under which name, and how it ended. */
export interface AccountEvent {
  event: Exclude<LoginAuditEvent, 'SignIn'>;
  /** The user who did it (the signed-in caller; the ticket's user for a reset). */
  userId: number | null;
  /** The name they are known by, for the entry's `Email`. */
  name: string;
  /** Empty for a success, else the answer's flag (`InvalidCurrentPassword`, ...). */
  result: string;
  fingerPrint: string | null | undefined;
}

/**
 * Writes an account event into the login audit with the request's address, browser and method,
 * beside the sign-ins (which the login chart alone counts).
 */
export async function recordAccountEvent(request: FastifyRequest, entry: AccountEvent) {
  await insertLoginAudit(request.server.db, {
    userId: entry.userId,
    ip: request.ip,
    email: entry.name,
    loginResult: entry.result,
    httpMethod: request.method,
    fingerPrint: entry.fingerPrint ?? null,
    // Not a sign-in: no identity provider proved anything here.
    provider: 'account',
    event: entry.event,
    ...parseUserAgent(request.headers['user-agent']),
  });
}

/** One bucket of the login chart: its start and its successful and failed attempts. */
export interface LoginChartBucket {
  dt: Date;
  succeed: number;
  failed: number;
}

const steps: Readonly<Record<Exclude<LoginChartGrouping, 'hour'>, string>> = {
  day: '1 day',
  week: '1 week',
  month: '1 month',
};

/**
 * The sign-in attempts of the last `loginChartBuckets[grouping]` hours, days, weeks (from
 * Monday) or months before `at` (now), the current one last, each bucket starting at a
 * boundary of the wall clock of `timeZone` (an IANA name the caller checked; UTC by default)
 * and empty buckets answered as zeros. Counted by the database from the `login_time` index, so
 * a million rows cost one range scan, not a transfer.
 *
 * Hours are counted as instants (one bucket per elapsed hour), so the hour a clock goes back
 * is two buckets and the hour it skips none; days, weeks and months follow the calendar.
 */
export async function loginChart(
  db: Db,
  grouping: LoginChartGrouping,
  timeZone = 'UTC',
  at: Date = new Date(),
): Promise<LoginChartBucket[]> {
  const query =
    grouping === 'hour' ? hourBuckets(timeZone, at) : calendarBuckets(grouping, timeZone, at);
  const { rows } = await query.execute(db);
  return rows.map((row) => ({
    dt: new Date(row.dt),
    succeed: Number(row.succeed),
    failed: Number(row.failed),
  }));
}

type BucketRow = { dt: Date; succeed: number; failed: number };

/** The last 24 hours as instants, each starting on the hour of the zone's clock. */
function hourBuckets(timeZone: string, at: Date) {
  const zone = sql`cast(${timeZone} as text)`;
  const now = sql`cast(${at.toISOString()} as timestamptz)`;
  const span = sql`cast(${sql.lit(`${loginChartBuckets.hour - 1} hours`)} as interval)`;
  return sql<BucketRow>`
    with bounds as (
      select date_trunc('hour', ${now}, ${zone}) as last,
             date_trunc('hour', ${now}, ${zone}) - ${span} as first
    ),
    counted as (
      select date_trunc('hour', a.login_time, ${zone}) as dt,
             count(*) filter (where a.login_result = '') as succeed,
             count(*) filter (where a.login_result <> '') as failed
      from login_audit a, bounds
      where a.login_time >= bounds.first and a.event = 'SignIn'
      group by 1
    )
    select series.dt as dt,
           cast(coalesce(counted.succeed, 0) as integer) as succeed,
           cast(coalesce(counted.failed, 0) as integer) as failed
    from bounds, generate_series(bounds.first, bounds.last, cast('1 hour' as interval)) as series(dt)
    left join counted on counted.dt = series.dt
    order by series.dt`;
}

/** The last days, weeks or months of the zone's calendar. */
function calendarBuckets(
  grouping: Exclude<LoginChartGrouping, 'hour'>,
  timeZone: string,
  at: Date,
) {
  // Both come from fixed maps keyed by the checked grouping, never from the caller's text;
  // the time zone is a bound parameter.
  const unit = sql.lit(grouping);
  const step = sql`cast(${sql.lit(steps[grouping])} as interval)`;
  const span = sql`cast(${sql.lit(`${loginChartBuckets[grouping] - 1} ${grouping}`)} as interval)`;
  const zone = sql`cast(${timeZone} as text)`;
  const now = sql`cast(${at.toISOString()} as timestamptz)`;
  return sql<BucketRow>`
    with bounds as (
      select date_trunc(${unit}, ${now} at time zone ${zone}) as last,
             date_trunc(${unit}, ${now} at time zone ${zone}) - ${span} as first
    ),
    counted as (
      select date_trunc(${unit}, a.login_time at time zone ${zone}) as dt,
             count(*) filter (where a.login_result = '') as succeed,
             count(*) filter (where a.login_result <> '') as failed
      from login_audit a, bounds
      where a.login_time >= (bounds.first at time zone ${zone}) and a.event = 'SignIn'
      group by 1
    )
    select (series.dt at time zone ${zone}) as dt,
           cast(coalesce(counted.succeed, 0) as integer) as succeed,
           cast(coalesce(counted.failed, 0) as integer) as failed
    from bounds, generate_series(bounds.first, bounds.last, ${step}) as series(dt)
    left join counted on counted.dt = series.dt
    order by series.dt`;
}
