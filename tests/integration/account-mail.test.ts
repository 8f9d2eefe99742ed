import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer';
import { renderTemplate } from '../../server/mail/render-template';
import { createSmtpTransport, type MailTransport } from '../../server/mail/smtp-transport';
import { findEmailTemplate } from '../../server/modules/templates/email-templates-repository';
import { freshAddress, signIn } from '../support/sign-in';
import { startSmtpCapture } from '../support/smtp-capture';
import { createTestApp, type TestApp } from '../support/test-app';
import { accountPaths, createAccount, get } from './account-support';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mail without SMTP: the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  const recover = (Email: string, remoteAddress = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url: accountPaths.recoverPassword,
      payload: { Email },
      remoteAddress,
    });
  const outboxTo = (to: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('to', '=', to).execute();

  it('seeds the system templates with their parameters', async () => {
    const templates = await t.database.db
      .selectFrom('emailTemplates')
      .select(['code', 'languageId', 'isSystem', 'parameters'])
      .orderBy('code')
      .execute();
    expect(templates.map((row) => [row.code, row.languageId, row.isSystem])).toEqual([
      ['EmailConfirmation', 'en-gb', true],
      ['PasswordReset', 'en-gb', true],
      ['ProblemReport', 'en-gb', true],
      ['Registration', 'en-gb', true],
    ]);
    for (const template of templates.filter((row) => row.code !== 'ProblemReport')) {
      const titles = (template.parameters as { Title: string }[]).map((p) => p.Title);
      expect(titles).toEqual(['UserName', 'Login', 'Link', 'ExpiryHours', 'AppName']);
    }
  });

  it('keeps the mail in the outbox, with a link to this machine when no public URL is set', async () => {
    const account = await createAccount(t, 'Outbox-1');
    expect((await recover(account.email)).statusCode).toBe(200);
    const [mail] = await outboxTo(account.email);
    expect(mail).toMatchObject({
      subject: 'Asphalt Delivery Scheduler: reset your password',
      templateCode: 'PasswordReset',
      sentAt: null,
      attempts: 0,
      error: null,
    });
    expect(mail!.text).toMatch(/http:\/\/localhost:8080\/resetpassword\/[\w-]{43}/);
    expect(mail!.html).toContain('Hello Pat Person,');
  });

  it('lets only administrators read the outbox', async () => {
    const account = await createAccount(t, 'Outbox-2');
    await recover(account.email);
    const asAdmin = await get(t, `${accountPaths.outbox}?top=5`, await signIn(t.app, 'admin'));
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()[0]).toMatchObject({
      To: account.email,
      TemplateCode: 'PasswordReset',
      SentAt: null,
      Attempts: 0,
    });
    expect(asAdmin.json().length).toBeLessThanOrEqual(5);
    expect((await get(t, accountPaths.outbox, await signIn(t.app, 'manager'))).statusCode).toBe(
      403,
    );
    expect((await get(t, accountPaths.outbox)).statusCode).toBe(401);

    // ManageSettings alone is not enough: the outbox holds live password links.
    const role = await t.database.db
      .insertInto('roles')
      .values({ name: 'Settings keeper' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('rolePermissions')
      .values({ roleId: role.id, permissionId: 16 })
      .execute();
    const keeper = await createAccount(t, 'Keeper-1');
    await t.database.db
      .insertInto('userRoles')
      .values({ userId: keeper.id, roleId: role.id })
      .execute();
    const asKeeper = await get(
      t,
      accountPaths.outbox,
      await signIn(t.app, keeper.name, { password: 'Keeper-1' }),
    );
    expect(asKeeper.statusCode).toBe(403);
  });

  it('limits recovery requests per client address', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push((await recover('x@example.test', address)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('escapes parameters in the HTML body, so a name cannot inject markup', async () => {
    const template = await findEmailTemplate(t.database.db, 'Registration', ['fake', 'en-gb']);
    const mail = renderTemplate(template!, {
      UserName: '<a href="https://evil.example">Click</a>',
      Login: 'x',
      Link: 'https://asphalt.example.test/registerbyticket/abc?x=1&y=2',
      ExpiryHours: '24',
      AppName: 'Asphalt & Co',
    });
    expect(mail.subject).toBe('Asphalt & Co: your new account');
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    // The sanitiser writes quotes in text as they are; only markup characters stay escaped.
    expect(mail.html).toContain('&lt;a href="https://evil.example"&gt;Click&lt;/a&gt;');
    expect(mail.html).toContain(
      'href="https://asphalt.example.test/registerbyticket/abc?x=1&amp;y=2"',
    );
    expect(mail.text).toContain('https://asphalt.example.test/registerbyticket/abc?x=1&y=2');
    // Plain text shows the name as typed; no mail reader renders it as markup.
    expect(mail.text).toContain('Hello <a href="https://evil.example">Click</a>,');
  });

  it('records an SMTP failure on the outbox row and sends the mail on a later attempt', async () => {
    const port = await closedPort();
    const failing = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    const down = createMailer({
      db: t.database.db,
      transport: failing,
      from: 'test@example.test',
      log: t.app.log,
    });
    const id = await down.send({
      to: 'later@example.test',
      subject: 'Later',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    await down.close();
    const failed = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed.error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startSmtpCapture();
    const up = createMailer({
      db: t.database.db,
      transport: createSmtpTransport(smtp.url),
      from: 'test@example.test',
      log: t.app.log,
      retryAfterMs: 0,
    });
    try {
      await up.deliverPending();
      expect((await smtp.waitFor('later@example.test')).subject).toBe('Later');
      const sent = await t.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ attempts: 2, error: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
    } finally {
      await up.close();
      await smtp.close();
    }
  });

  // A delivery stuck for ever (a database gone first, a stalled server) once kept the server
  // from stopping: closing waits for deliveries only so long, and the mail stays in the outbox.
  it('closes within its bound while a delivery hangs, leaving the mail unsent', async () => {
    let closedTransport = false;
    const hanging: MailTransport = {
      send: () => new Promise<void>(() => {}),
      close: () => void (closedTransport = true),
    };
    const stuck = createMailer({
      db: t.database.db,
      transport: hanging,
      from: 'test@example.test',
      log: t.app.log,
      closeWaitMs: 200,
    });
    const id = await stuck.send({ to: 'stuck@example.test', subject: 'Stuck', html: '', text: '' });
    const started = Date.now();
    await stuck.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(closedTransport).toBe(true);
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sentAt).toBeNull();
  });

  it('does not retry mail older than a day', async () => {
    const sent: string[] = [];
    const transport: MailTransport = {
      send: async (mail) => void sent.push(mail.to),
      close: () => {},
    };
    const { id } = await t.database.db
      .insertInto('outbox')
      .values({
        to: 'stale@example.test',
        subject: 'Stale',
        html: '',
        text: '',
        templateCode: null,
        createdAt: new Date(Date.now() - 25 * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mailer = createMailer({
      db: t.database.db,
      transport,
      from: 'test@example.test',
      log: t.app.log,
      retryAfterMs: 0,
    });
    await mailer.deliverPending();
    await mailer.close();
    expect(sent).not.toContain('stale@example.test');
    const row = await t.database.db
      .selectFrom('outbox')
      .select('attempts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
  });
});
