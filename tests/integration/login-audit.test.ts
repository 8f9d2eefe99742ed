import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChartBuckets, loginChartGroupings, type LoginChartRow } from '#metadata';
import { apiClient, type ApiClient } from '../support/api-client';
import { loginChart } from '../../server/modules/login-audit/login-audit-repository';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The login audit over HTTP: the engine's `odata/UserLoginAuditTrackingOData` (read-only, with
 * the signed-in user's full name joined) and `api/UserLoginAuditChart/GetChartData` counting
 * attempts per hour, day, week or month, both for holders of ViewLoginAudit only.
 */

let t: TestApp;
let client: ApiClient;
let adminId: number;
let adminFullName: string;

const list = '/odata/UserLoginAuditTrackingOData';
const chart = '/api/UserLoginAuditChart/GetChartData';
type Entry = Record<string, unknown>;
type Page = { '@odata.count'?: number; value: Entry[] };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function insert(email: string, loginTime: Date, loginResult = '', userId: number | null) {
  await t.database.db
    .insertInto('loginAudit')
    .values({
      email,
      loginTime,
      loginResult,
      userId,
      ip: '203.0.113.9',
      browser: 'Firefox',
      browserVersion: '128.0',
      platform: 'Linux',
      httpMethod: 'POST',
      provider: 'password',
    })
    .execute();
}

const auditRows = async () =>
  Number(
    (
      await sql<{ n: number }>`select cast(count(*) as integer) as n from login_audit`.execute(
        t.database.db,
      )
    ).rows[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  client = apiClient(t);
  // Sign the callers in first (their own attempts are audited), then start from known rows.
  for (const user of ['admin', 'employee1', 'manager']) await client.get(user, '/health');
  await sql`delete from login_audit`.execute(t.database.db);
  const admin = await t.database.db
    .selectFrom('users')
    .select(['id', 'firstName', 'surname', 'name'])
    .where('name', '=', 'admin')
    .executeTakeFirstOrThrow();
  adminId = admin.id;
  adminFullName = [admin.firstName, admin.surname].filter(Boolean).join(' ') || admin.name;
  await insert('admin@example.com', hoursAgo(1), '', adminId);
  await insert('admin@example.com', hoursAgo(2), 'InvalidPassword', adminId);
  await insert('nobody@example.com', hoursAgo(3), 'UserNotFound', null);
  await insert('admin@example.com', hoursAgo(24 * 40), '', adminId);
});
afterAll(() => t.close());

describe('GET odata/UserLoginAuditTrackingOData', () => {
  it('answers the entries with exactly the spec fields and the provider, newest first, with a count', async () => {
    const answer = await client.get('admin', `${list}?$orderby=LoginTime desc&$count=true`);
    expect(answer.statusCode).toBe(200);
    const page = answer.json<Page>();
    expect(page['@odata.count']).toBe(4);
    expect(Object.keys(page.value[0]!).sort()).toEqual(
      [
        'Id',
        'UserId',
        'IP',
        'Email',
        'LoginTime',
        'Browser',
        'BrowserVersion',
        'Platform',
        'LoginResult',
        'HttpMethod',
        'User_FullName',
        // Beyond the spec: which identity provider the attempt went through, whether it was a
        // sign-in or an account event, and the browser's fingerprint.
        'Provider',
        'Event',
        'FingerPrint',
      ].sort(),
    );
    expect(page.value.map((entry) => entry.LoginResult)).toEqual([
      '',
      'InvalidPassword',
      'UserNotFound',
      '',
    ]);
    expect(page.value[0]).toMatchObject({
      UserId: adminId,
      Email: 'admin@example.com',
      IP: '203.0.113.9',
      Browser: 'Firefox',
      BrowserVersion: '128.0',
      Platform: 'Linux',
      HttpMethod: 'POST',
      Provider: 'password',
      User_FullName: adminFullName,
    });
    // An attempt for a name nobody has is kept without a user.
    expect(page.value[2]).toMatchObject({ UserId: null, User_FullName: null });
    const times = page.value.map((entry) => Date.parse(String(entry.LoginTime)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by result, by date and by the joined full name, and pages', async () => {
    const successes = await client.get('admin', `${list}?$filter=LoginResult eq ''&$count=true`);
    expect(successes.json<Page>()['@odata.count']).toBe(2);
    const failed = await client.get(
      'admin',
      `${list}?$filter=LoginResult eq 'InvalidPassword'&$count=true`,
    );
    expect(failed.json<Page>().value.map((entry) => entry.Email)).toEqual(['admin@example.com']);

    const since = hoursAgo(24 * 7)
      .toISOString()
      .replace(/\.\d+Z$/, 'Z');
    const recent = await client.get('admin', `${list}?$filter=LoginTime ge ${since}&$count=true`);
    expect(recent.json<Page>()['@odata.count']).toBe(3);

    const named = await client.get(
      'admin',
      `${list}?$filter=User_FullName eq '${adminFullName.replaceAll("'", "''")}'&$count=true`,
    );
    expect(named.json<Page>()['@odata.count']).toBe(3);
    const byName = await client.get('admin', `${list}?$orderby=User_FullName,Id&$top=1&$skip=1`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json<Page>().value).toHaveLength(1);

    const values = await client.get(
      'admin',
      '/api/entities/UserLoginAuditTracking/values/LoginResult',
    );
    expect(values.statusCode).toBe(200);
    expect(values.json()).toEqual(expect.arrayContaining(['InvalidPassword', 'UserNotFound']));
    const names = await client.get(
      'admin',
      '/api/entities/UserLoginAuditTracking/values/User_FullName',
    );
    expect(names.json()).toEqual([adminFullName]);
  });

  it('answers 400 naming an unknown field', async () => {
    const answer = await client.get('admin', `${list}?$filter=PasswordHash eq 'x'`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ Message: string }>().Message).toContain('PasswordHash');
  });

  it('is read-only: no create, update or delete, even for an administrator', async () => {
    const before = await auditRows();
    const { id } = await t.database.db
      .selectFrom('loginAudit')
      .select('id')
      .executeTakeFirstOrThrow();
    const rows = '/api/dataSources/40/data';
    const created = await client.post('admin', rows, { Json: { Email: 'forged@example.com' } });
    const updated = await client.put('admin', rows, { Json: { Id: id, LoginResult: '' } });
    const deleted = await client.call('admin', 'DELETE', `${rows}/${id}`);
    for (const answer of [created, updated, deleted]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json<{ Message: string }>().Message).toBeTruthy();
    }
    expect(await auditRows()).toBe(before);
  });

  it('is refused to employee1 (403) and to a visitor (401)', async () => {
    for (const url of [list, '/api/entities/UserLoginAuditTracking/values/Email', chart]) {
      expect((await client.get('employee1', url)).statusCode, url).toBe(403);
      expect((await client.get('manager', url)).statusCode, url).toBe(403);
      expect((await client.get(null, url)).statusCode, url).toBe(401);
    }
  });
});

describe('GET api/UserLoginAuditChart/GetChartData', () => {
  const steps = { hour: 3_600_000, day: 86_400_000 } as const;

  it('counts by hour by default: 24 zero-filled UTC hours, the current one last', async () => {
    for (const url of [chart, `${chart}?groupBy=`, `${chart}?groupBy=hour`]) {
      const answer = await client.get('admin', url);
      expect(answer.statusCode, url).toBe(200);
      const rows = answer.json<LoginChartRow[]>();
      expect(rows).toHaveLength(24);
      const starts = rows.map((row) => Date.parse(row.Dt));
      starts.forEach((start, index) => {
        expect(start % steps.hour).toBe(0);
        if (index > 0) expect(start - starts[index - 1]!).toBe(steps.hour);
      });
      expect(Date.now() - starts[23]!).toBeLessThan(steps.hour);
      const bucketOf = (at: Date) =>
        rows.find((row) => Date.parse(row.Dt) === at.getTime() - (at.getTime() % steps.hour));
      expect(bucketOf(hoursAgo(1))).toMatchObject({ Succeed: 1, Failed: 0 });
      expect(bucketOf(hoursAgo(2))).toMatchObject({ Succeed: 0, Failed: 1 });
      expect(bucketOf(hoursAgo(3))).toMatchObject({ Succeed: 0, Failed: 1 });
      const total = rows.reduce((sum, row) => sum + row.Succeed + row.Failed, 0);
      expect(total).toBe(3);
      expect(rows.filter((row) => row.Succeed + row.Failed === 0).length).toBeGreaterThanOrEqual(
        21,
      );
    }
  });

  it('counts by day, week and month over 30 days, 12 weeks and 12 months', async () => {
    for (const grouping of loginChartGroupings) {
      const answer = await client.get('admin', `${chart}?groupBy=${grouping}`);
      expect(answer.statusCode, grouping).toBe(200);
      const rows = answer.json<LoginChartRow[]>();
      expect(rows, grouping).toHaveLength(loginChartBuckets[grouping]);
      const starts = rows.map((row) => new Date(row.Dt));
      expect(starts.map(Number)).toEqual([...starts.map(Number)].sort((a, b) => a - b));
      const total = rows.reduce((sum, row) => sum + row.Succeed + row.Failed, 0);
      // The 40-day-old success is outside 30 days but inside 12 weeks and 12 months.
      expect(total, grouping).toBe(grouping === 'hour' || grouping === 'day' ? 3 : 4);
      if (grouping === 'day') {
        starts.forEach((start) => expect(start.getTime() % steps.day).toBe(0));
      }
      if (grouping === 'week') starts.forEach((start) => expect(start.getUTCDay()).toBe(1));
      if (grouping === 'month') {
        starts.forEach((start) => {
          expect(start.getUTCDate()).toBe(1);
          expect(start.getUTCHours()).toBe(0);
        });
      }
    }
  });

  it("follows the wall clock of the caller's time zone", async () => {
    // New York: days start at 04:00 or 05:00 UTC; Kolkata (+05:30) hours at half past.
    const days = await client.get('admin', `${chart}?groupBy=day&timeZone=America/New_York`);
    expect(days.statusCode).toBe(200);
    const dayRows = days.json<LoginChartRow[]>();
    expect(dayRows).toHaveLength(30);
    for (const row of dayRows) {
      const start = new Date(row.Dt);
      expect([4, 5]).toContain(start.getUTCHours());
      expect(start.getUTCMinutes()).toBe(0);
    }
    expect(dayRows.reduce((sum, row) => sum + row.Succeed + row.Failed, 0)).toBe(3);

    const hours = await client.get('admin', `${chart}?groupBy=hour&timeZone=Asia/Kolkata`);
    expect(hours.statusCode).toBe(200);
    const hourRows = hours.json<LoginChartRow[]>();
    expect(hourRows).toHaveLength(24);
    hourRows.forEach((row) => expect(new Date(row.Dt).getUTCMinutes()).toBe(30));
    expect(hourRows.reduce((sum, row) => sum + row.Succeed + row.Failed, 0)).toBe(3);

    const utc = await client.get('admin', `${chart}?groupBy=day&timeZone=UTC`);
    expect(utc.json()).toEqual((await client.get('admin', `${chart}?groupBy=day`)).json());
  });

  it('answers 400 naming timeZone for a zone nobody knows', async () => {
    for (const bad of ['Mars/Olympus_Mons', "UTC'; drop table login_audit; --", '+05:30', '']) {
      const answer = await client.get(
        'admin',
        `${chart}?groupBy=day&timeZone=${encodeURIComponent(bad)}`,
      );
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json<{ Message: string }>().Message, bad).toContain('timeZone');
    }
    expect(await auditRows()).toBe(4);
  });

  it('answers 400 naming groupBy for any other grouping', async () => {
    for (const bad of ['year', 'HOUR', 'minute;drop table login_audit']) {
      const answer = await client.get('admin', `${chart}?groupBy=${encodeURIComponent(bad)}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json<{ Message: string }>().Message).toContain('groupBy');
    }
    expect(await auditRows()).toBe(4);
  });
});

describe('the hour chart across a change of the clock (London)', () => {
  const at = (iso: string) => new Date(iso);
  const hour = 3_600_000;

  /** The chart's hours at `now`, with sign-ins at `times` added for the call and removed after. */
  async function hoursWith(times: string[], now: string) {
    for (const time of times) await insert('dst@example.com', at(time), '', null);
    try {
      return await loginChart(t.database.db, 'hour', 'Europe/London', at(now));
    } finally {
      await sql`delete from login_audit where email = 'dst@example.com'`.execute(t.database.db);
    }
  }

  const expectHourApart = (buckets: { dt: Date }[]) => {
    expect(buckets).toHaveLength(24);
    buckets.forEach((bucket, index) => {
      if (index > 0) expect(bucket.dt.getTime() - buckets[index - 1]!.dt.getTime()).toBe(hour);
    });
  };

  it('keeps the hour the clock goes back as two hours (25 Oct 2020, 01:00 twice)', async () => {
    // 00:30 UTC is 01:30 BST, 01:30 UTC is 01:30 GMT: the same wall-clock hour, an hour apart.
    const buckets = await hoursWith(
      ['2020-10-25T00:30:00Z', '2020-10-25T01:30:00Z'],
      '2020-10-25T03:30:00Z',
    );
    expectHourApart(buckets);
    const countAt = (iso: string) =>
      buckets.find((bucket) => bucket.dt.getTime() === at(iso).getTime())?.succeed;
    expect(countAt('2020-10-25T00:00:00Z')).toBe(1);
    expect(countAt('2020-10-25T01:00:00Z')).toBe(1);
    expect(buckets.at(-1)!.dt).toEqual(at('2020-10-25T03:00:00Z'));
  });

  it('skips the hour the clock jumps over (29 Mar 2020, no 01:00)', async () => {
    const buckets = await hoursWith(['2020-03-29T01:30:00Z'], '2020-03-29T03:30:00Z');
    expectHourApart(buckets);
    // 01:30 UTC is 02:30 BST: counted once, in the hour starting at 02:00 BST.
    expect(buckets.filter((bucket) => bucket.succeed > 0).map((b) => b.dt)).toEqual([
      at('2020-03-29T01:00:00Z'),
    ]);
  });
});
