import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The `mail.retry` job: mail that could not go out (stored while SMTP was down) is sent when
 * the job runs, here through `POST api/jobs/mail.retry/run` against a local SMTP server.
 */
describe('the mail.retry job', () => {
  let t: TestApp;
  let client: ApiClient;
  let smtp: SmtpCapture;

  const waiting = (to: string, minutesAgo = 10) =>
    t.database.db
      .insertInto('outbox')
      .values({
        to,
        subject: `Waiting for ${to}`,
        html: '<p>Hi</p>',
        text: 'Hi',
        templateCode: null,
        attempts: 1,
        lastAttemptAt: new Date(Date.now() - minutesAgo * 60_000),
        error: 'connect ECONNREFUSED 127.0.0.1:25',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const run = async () => {
    const response = await client.post('admin', '/api/jobs/mail.retry/run', {});
    expect(response.statusCode).toBe(202);
    const { RunId } = response.json<{ RunId: number }>();
    let found: { State: string; Message: string | null; RowCount: number | null } | undefined;
    await expect
      .poll(
        async () => {
          const runs = (await client.get('admin', '/api/jobs/mail.retry/runs')).json<{
            Items: { Id: number; State: string; Message: string | null; RowCount: number | null }[];
          }>();
          found = runs.Items.find((item) => item.Id === RunId);
          return found?.State;
        },
        { timeout: 20_000 },
      )
      .toMatch(/^(succeeded|failed)$/);
    return found!;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ demo: true, jobs: true, env: { SMTP_URL: smtp.url } });
    client = apiClient(t);
    // Paused, so that its schedule (every 5 minutes) cannot take the mail before the run asked
    // for here: a run asked for still runs.
    const paused = await client.put('admin', '/api/jobs/mail.retry', { Enabled: false });
    expect(paused.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the mail waiting in the outbox and says how many went', async () => {
    const { id } = await waiting('waiting@example.test');
    const result = await run();
    expect(result).toMatchObject({ State: 'succeeded', RowCount: 1 });
    expect(result.Message).toMatch(/^1 of 1 waiting mails sent/);
    expect((await smtp.waitFor('waiting@example.test')).subject).toBe(
      'Waiting for waiting@example.test',
    );
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('leaves a mail tried a moment ago for a later run', async () => {
    const { id } = await waiting('just-tried@example.test', 1);
    const result = await run();
    expect(result).toMatchObject({ State: 'succeeded', RowCount: 0 });
    const row = await t.database.db
      .selectFrom('outbox')
      .select(['sentAt', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sentAt: null, attempts: 1 });
  });
});
