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
