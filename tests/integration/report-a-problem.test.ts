import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

const validReport = {
  ErrorLog: 'Saving delivery 42 showed "Unexpected server error".',
  PreviousPage: '/delivery/42',
  Severity: 'SystemFailure',
  Time: '07:45',
  Id: null,
  Email: 'sam.driver@example.co.uk',
  Name: 'Sam Driver',
  Language: 'en-gb',
};

describe('POST api/reportaproblem/send', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const countReports = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('problemReports')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the report and answers its id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reportaproblem/send',
      headers: { 'user-agent': 'Mozilla/5.0 Test' },
      payload: validReport,
    });
    expect(res.statusCode).toBe(200);
    const { Id } = res.json() as { Id: number };
    const row = await t.database.db
      .selectFrom('problemReports')
      .selectAll()
      .where('id', '=', Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      errorLog: validReport.ErrorLog,
      previousPage: '/delivery/42',
      severity: 'SystemFailure',
      time: '07:45',
      email: 'sam.driver@example.co.uk',
      name: 'Sam Driver',
      language: 'en-gb',
      userAgent: 'Mozilla/5.0 Test',
      // No administrator to tell yet: the report waits, unmailed, for someone to read it.
      mailedAt: null,
    });
  });

  it.each([
    [{ ...validReport, Time: '25:00' }, 'Time'],
    [{ ...validReport, Severity: 'Catastrophe' }, 'Severity'],
    [{ ...validReport, Email: 'not-an-address' }, 'Email'],
    [{ ...validReport, ErrorLog: '' }, 'ErrorLog'],
    [(({ ErrorLog: _omit, ...rest }) => rest)(validReport), 'ErrorLog'],
    [{ ...validReport, Password: 'x' }, 'Password'],
  ])('refuses %j naming the field %s, and stores nothing', async (payload, field) => {
    const before = await countReports();
    const res = await t.app.inject({ method: 'POST', url: '/api/reportaproblem/send', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { Message: string; Errors: Array<{ Field: string }> };
    expect(body.Errors.map((e) => e.Field)).toContain(field);
    expect(body.Message).toContain(field);
    expect(await countReports()).toBe(before);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reportaproblem/send',
      payload: { ...validReport, ErrorLog: 'x'.repeat(70 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().Message).toBeTruthy();
  });

  it('logs browser errors without storing or failing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logging/ClientError',
      payload: { Message: 'TypeError: x is undefined', Url: '/' },
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('mailing problem reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  const send = (ErrorLog: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reportaproblem/send',
      payload: { ...validReport, ErrorLog },
    });

  it('mails the report to the administrators, escaped, and marks it mailed', async () => {
    const res = await send('Grid showed <script>alert(1)</script>');
    expect(res.statusCode).toBe(200);
    const { Id } = res.json() as { Id: number };
    const mail = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', `Problem report #${Id}: SystemFailure`)
      .executeTakeFirstOrThrow();
    expect(mail.to).toBe('admin@demo.asphalt.test');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('From: Sam Driver sam.driver@example.co.uk');
    const report = await t.database.db
      .selectFrom('problemReports')
      .select('mailedAt')
      .where('id', '=', Id)
      .executeTakeFirstOrThrow();
    expect(report.mailedAt).toBeInstanceOf(Date);
  });

  it('mails the addresses of the setting instead when it is set', async () => {
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify('support@plant.example, ops@plant.example') })
      .where('key', '=', 'Email.ProblemReportsTo')
      .execute();
    const { Id } = (await send('Export failed')).json() as { Id: number };
    const mail = await t.database.db
      .selectFrom('outbox')
      .select('to')
      .where('subject', 'like', `Problem report #${Id}:%`)
      .executeTakeFirstOrThrow();
    expect(mail.to).toBe('support@plant.example, ops@plant.example');
  });
});
