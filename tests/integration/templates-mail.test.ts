import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { signIn } from '../support/sign-in';
import { type CapturedMail, startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { createTestApp, type TestApp } from '../support/test-app';
import { accountPaths, browserDigest, createAccount, post, setSetting } from './account-support';

interface Template {
  Id: number;
  Subject: string;
  Body: string;
  Version: number;
  [field: string]: unknown;
}

/**
 * The mails the product sends come from the templates administrators edit, in the recipient's
 * language, falling back to the default language and then to the release's own text; every
 * mail is sanitised, its parameters escaped, with a plain-text part.
 */
describe('mails rendered from the e-mail templates', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let client: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      demo: true,
      env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    client = apiClient(t);
    await t.database.db
      .insertInto('languages')
      .values({ id: 'de-de', name: 'Deutsch', angularCulture: 'de', kendoCulture: 'de-DE' })
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const templateId = async (code: string) =>
    (
      await t.database.db
        .selectFrom('emailTemplates')
        .select('id')
        .where('code', '=', code)
        .where('languageId', '=', 'en-gb')
        .executeTakeFirstOrThrow()
    ).id;

  /** What an administrator does in the editor: open the template in a language, reword, save. */
  async function reword(code: string, language: string, subject: string, body: string) {
    const id = await templateId(code);
    const row = (
      await client.get('admin', `/api/EmailTemplate/GetTemplateById/${id}?language=${language}`)
    ).json<Template>();
    const { Version, ...rest } = row;
    const payload = row.Id === 0 ? rest : { ...rest, Version };
    const saved = await client.post('admin', '/api/EmailTemplate/SaveTemplate', {
      ...payload,
      Subject: subject,
      Body: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  const accountIn = async (language: string | null, firstName = 'Pat') => {
    const account = await createAccount(t, 'Mail-2026!');
    await t.database.db
      .updateTable('users')
      .set({ languageId: language, firstName })
      .where('id', '=', account.id)
      .execute();
    return account;
  };

  const expectSafe = (mail: CapturedMail) => {
    expect(mail.html).not.toMatch(/<script|onclick|javascript:|<img|style=/i);
    expect(mail.text.length).toBeGreaterThan(0);
  };

  it('sends the recovery mail as reworded, in the recipient’s language, sanitised', async () => {
    await reword(
      'PasswordReset',
      'en-gb',
      'New password for {{UserName}}',
      '<p onclick="x()">Hi {{UserName}}, <a href="{{Link}}">reset</a><script>x()</script></p>' +
        '<img src="https://tracker.example/p.gif">',
    );
    await reword(
      'PasswordReset',
      'de-de',
      'Neues Passwort für {{UserName}}',
      '<p>Hallo {{UserName}}, <a href="{{Link}}">zurücksetzen</a></p>',
    );
    const english = await accountIn('en-gb', '<b>Bold</b> & Co');
    const german = await accountIn('de-de', 'Jörg');
    const nobody = await accountIn(null);
    for (const account of [english, german, nobody]) {
      const res = await post(t, accountPaths.recoverPassword, { Email: account.email });
      expect(res.statusCode).toBe(200);
    }

    const en = await smtp.waitFor(english.email);
    expect(en.subject).toBe('New password for <b>Bold</b> & Co Person');
    expect(en.html).toContain('Hi &lt;b&gt;Bold&lt;/b&gt; &amp; Co Person, <a href="http');
    expect(en.text).toMatch(/^Hi <b>Bold<\/b> & Co Person, reset \(http:\/\/\S+\/resetpassword\//);
    expectSafe(en);

    const de = await smtp.waitFor(german.email);
    expect(de.subject).toBe('Neues Passwort für Jörg Person');
    expect(de.text).toMatch(/Hallo Jörg Person, zurücksetzen \(http:\/\/\S+\/resetpassword\//);
    expectSafe(de);

    // No language of their own: the language the request names, else the default.
    expect((await smtp.waitFor(nobody.email)).subject).toBe('New password for Pat Person');
  });

  it('sends registration, reset-by-administrator and confirmation mails from their templates', async () => {
    await reword(
      'Registration',
      'de-de',
      'Willkommen {{Login}}',
      '<p>Konto {{Login}}: {{Link}}</p>',
    );
    await reword(
      'EmailConfirmation',
      'de-de',
      'Bestätigen Sie',
      '<p>Bitte bestätigen: {{Link}}</p>',
    );

    const passwordless = await createAccount(t, '', { passwordless: true });
    await t.database.db
      .updateTable('users')
      .set({ languageId: 'de-de' })
      .where('id', '=', passwordless.id)
      .execute();
    const sent = await post(
      t,
      accountPaths.sendPasswordResetByAdmin,
      { Email: passwordless.email },
      await signIn(t.app, 'admin'),
    );
    expect(sent.json()).toEqual({ Sent: 1 });
    const welcome = await smtp.waitFor(passwordless.email);
    expect(welcome.subject).toBe(`Willkommen ${passwordless.name}`);
    expect(welcome.text).toMatch(/\/registerbyticket\//);
    expectSafe(welcome);

    await setSetting(t, 'GroupsAndCompanies.UsersBelongTo', 0);
    const address = `neu${process.pid}@example.test`;
    const registered = await post(t, accountPaths.registerUser, {
      Name: address,
      FirstName: 'Neu',
      Surname: 'Nutzer',
      Password: browserDigest('Register-2026!'),
      Language: 'de-de',
      Active: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const confirm = await smtp.waitFor(address);
    expect(confirm.subject).toBe('Bestätigen Sie');
    expect(confirm.text).toMatch(/Bitte bestätigen: http:\/\/\S+\/confirmemail\//);
  });

  it('mails problem reports from the ProblemReport template, in each recipient’s language', async () => {
    await reword(
      'ProblemReport',
      'de-de',
      'Problem #{{ReportId}}: {{Severity}}',
      '<p>Von {{ReporterName}}</p><pre><code>{{ErrorLog}}</code></pre>',
    );
    const german = await accountIn('de-de');
    await setSetting(t, 'Email.ProblemReportsTo', `admin@demo.asphalt.test, ${german.email}`);
    const res = await post(t, '/api/reportaproblem/send', {
      ErrorLog: 'Broke <script>alert(1)</script>\nline two',
      Severity: 'Major',
      Time: '10:15',
      Name: 'Rob <i>Reporter</i>',
    });
    expect(res.statusCode).toBe(200);
    const { Id } = res.json<{ Id: number }>();

    const de = await smtp.waitFor(german.email);
    expect(de.subject).toBe(`Problem #${Id}: Major`);
    expect(de.html).toContain('Von Rob &lt;i&gt;Reporter&lt;/i&gt;');
    expect(de.html).toContain('Broke &lt;script&gt;alert(1)&lt;/script&gt;\nline two');
    expect(de.text).toContain('Broke <script>alert(1)</script>\nline two');
    expect(de.to).not.toContain('admin@demo.asphalt.test');

    const en = await smtp.waitFor('admin@demo.asphalt.test');
    expect(en.subject).toBe(`Problem report #${Id}: Major`);
    expect(en.text).toContain('Severity: Major');
    expectSafe(en);
    await setSetting(t, 'Email.ProblemReportsTo', '');
  });

  it('falls back to the release’s own text when not even the default language’s row exists', async () => {
    await t.database.db.deleteFrom('emailTemplates').where('code', '=', 'PasswordReset').execute();
    const account = await accountIn('de-de');
    await post(t, accountPaths.recoverPassword, { Email: account.email });
    const mail = await smtp.waitFor(account.email);
    expect(mail.subject).toBe('Asphalt Delivery Scheduler: reset your password');
    expect(mail.text).toContain('Choose a new password');
  });

  it('sends a test mail of the template being edited to the caller’s own address', async () => {
    const before = smtp.mails.length;
    const res = await client.post('admin', '/api/EmailTemplate/SendTestMail', {
      Id: await templateId('EmailConfirmation'),
      Subject: 'Test for {{UserName}}',
      Body: '<p>Unsaved <strong>{{UserName}}</strong><script>x()</script></p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ErrorMessage: null });
    const mail = await smtp.waitFor('admin@demo.asphalt.test', {
      skip: smtp.mails.filter((m, i) => i < before && m.to.includes('admin@demo.asphalt.test'))
        .length,
    });
    expect(mail.subject).toBe('[Test] Test for Alex Example');
    expect(mail.html).toContain('<p>Unsaved <strong>Alex Example</strong></p>');
    expect(mail.text).toBe('Unsaved Alex Example');
    const stored = await t.database.db
      .selectFrom('outbox')
      .select(['to', 'templateCode', 'sentAt'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      to: 'admin@demo.asphalt.test',
      templateCode: 'EmailConfirmation',
    });
  });
});

describe('a test mail without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('answers that the mail waits in the outbox', async () => {
    const client = apiClient(t);
    const res = await client.post('admin', '/api/EmailTemplate/SendTestMail', {
      Subject: 'Hello',
      Body: '<p>Body</p>',
    });
    expect(res.json()).toEqual({
      ErrorMessage: 'No mail server is configured: the test mail waits in the outbox.',
    });
    const mail = await t.database.db
      .selectFrom('outbox')
      .select(['to', 'subject', 'text'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ to: 'admin@demo.asphalt.test', subject: '[Test] Hello', text: 'Body' });
  });
});

describe('test mails per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('allows ten a minute to each template manager', async () => {
    const client = apiClient(t);
    const body = { Subject: 'Hello', Body: '<p>Body</p>' };
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(
        (await client.post('admin', '/api/EmailTemplate/SendTestMail', body)).statusCode,
      );
    }
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
    // Others are refused for want of the permission, not counted.
    const staff = await client.post('employee1', '/api/EmailTemplate/SendTestMail', body);
    expect(staff.statusCode).toBe(403);
  });
});
