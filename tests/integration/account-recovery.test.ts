import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  accountPaths,
  browserDigest,
  createAccount,
  get,
  post,
  sessionsOf,
  setSetting,
  sha256,
  signsIn,
  ticketOf,
} from './account-support';

const publicUrl = 'https://asphalt.example.test';

describe('password recovery through a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture({ user: 'mailer', password: 's3cret' });
    t = await createTestApp({
      demo: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: publicUrl, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const recover = (Email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: accountPaths.recoverPassword,
      payload: { Email, Language: 'en-gb' },
      headers,
    });
  const byTicket = (ticket: string) =>
    get(t, `${accountPaths.userByTicket}/${encodeURIComponent(ticket)}`);
  const resetWith = (Ticket: string, password: string) =>
    post(t, accountPaths.resetRegisterTicket, {
      Ticket,
      User: { Password: browserDigest(password), FingerPrint: 'fp' },
    });
  const ticketsOf = (userId: number) =>
    t.database.db.selectFrom('accountTickets').selectAll().where('userId', '=', userId).execute();
  const passwordHashOf = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('passwordHash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).passwordHash;

  it('mails a reset link that works once: new password in, old password and sessions out', async () => {
    const account = await createAccount(t, 'Old-Secret-1');
    const oldSession = await signIn(t.app, account.name, { password: 'Old-Secret-1' });

    // A forged Host header must not end up in the link.
    const answer = await recover(account.email, { host: 'attacker.example' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      ShowHelpfulMessages: false,
      Successfully: true,
      Exception: null,
    });

    const mail = await smtp.waitFor(account.email);
    expect(mail.subject).toBe('Asphalt Delivery Scheduler: reset your password');
    expect(mail.from).toBe('no-reply@localhost');
    const link = linkIn(mail, '/resetpassword/');
    expect(link.startsWith(`${publicUrl}/resetpassword/`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text + mail.html).not.toContain('attacker');
    const token = ticketOf(link);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [ticket] = await ticketsOf(account.id);
    expect(ticket).toMatchObject({ purpose: 'reset', tokenHash: sha256(token), usedAt: null });
    const hours = (ticket!.expiresAt.getTime() - ticket!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    // The SMTP server has the mail; the outbox row is marked sent just after.
    await t.app.mailer.idle();
    const outbox = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ templateCode: 'PasswordReset', attempts: 1, error: null });
    expect(outbox.sentAt).toBeInstanceOf(Date);

    const valid = await byTicket(token);
    expect(valid.statusCode).toBe(200);
    expect(valid.headers['cache-control']).toBe('no-store');
    expect(valid.json()).toEqual({
      Status: 'Valid',
      Purpose: 'reset',
      Name: account.name,
      Email: account.email,
      FullName: 'Pat Person',
    });

    const reset = await resetWith(token, 'New-Secret-2');
    expect(reset.json()).toEqual({ Succeeded: true });
    expect(await passwordHashOf(account.id)).toMatch(/^scrypt\$/);
    expect(await signsIn(t, account.name, 'Old-Secret-1')).toBe(false);
    expect(await signsIn(t, account.name, 'New-Secret-2')).toBe(true);
    const whoAmI = await get(t, '/api/users/GetCurrentUser', oldSession);
    expect(whoAmI.json()).toBeNull();
    const sessions = await sessionsOf(t, account.id);
    expect(sessions.filter((s) => s.revokedAt === null)).toHaveLength(1); // the new sign-in

    const again = await resetWith(token, 'Third-Secret-3');
    expect(again.json()).toEqual({ Succeeded: false, InvalidTicket: true });
    expect((await byTicket(token)).json()).toEqual({ Status: 'Used' });
    expect(await signsIn(t, account.name, 'New-Secret-2')).toBe(true);
  });

  it('answers the same for a known and an unknown address, and mails only the known', async () => {
    const account = await createAccount(t, 'Known-1');
    const before = smtp.mails.length;
    const known = await recover(account.email.toUpperCase());
    const unknown = await recover('nobody-at-all@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await smtp.waitFor(account.email);
    expect(smtp.mails.slice(before).flatMap((mail) => mail.to)).toEqual([account.email]);
    expect(
      await t.database.db
        .selectFrom('outbox')
        .select('id')
        .where('to', '=', 'nobody-at-all@example.test')
        .execute(),
    ).toEqual([]);
  });

  it('names an unknown address only when helpful messages are turned on', async () => {
    await setSetting(t, 'Security.RevealLoginFailureReason', true);
    try {
      const unknown = await recover('still-nobody@example.test');
      expect(unknown.json()).toEqual({
        ShowHelpfulMessages: true,
        Successfully: false,
        Exception: 'No active account has this e-mail address.',
      });
      const account = await createAccount(t, 'Helpful-1');
      expect((await recover(account.email)).json()).toEqual({
        ShowHelpfulMessages: true,
        Successfully: true,
        Exception: null,
      });
    } finally {
      await setSetting(t, 'Security.RevealLoginFailureReason', false);
    }
  });

  it('mails nobody for an inactive account', async () => {
    const inactive = await createAccount(t, 'Inactive-1');
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', inactive.id)
      .execute();
    await recover(inactive.email);
    expect(await ticketsOf(inactive.id)).toEqual([]);
  });

  it('mails an account at most once in Security.PasswordMailMinutes, and answers as if it had', async () => {
    const busy = await createAccount(t, 'Busy-1');
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await recover(busy.email)).body);
    expect(new Set(answers).size).toBe(1);
    expect(await ticketsOf(busy.id)).toHaveLength(1);
    await t.app.mailer.idle();
    expect(smtp.mails.filter((mail) => mail.to.includes(busy.email))).toHaveLength(1);

    // Five minutes later (the default), the next request mails again.
    await t.database.db
      .updateTable('accountTickets')
      .set({ createdAt: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where('userId', '=', busy.id)
      .execute();
    await recover(busy.email);
    expect(await ticketsOf(busy.id)).toHaveLength(2);

    await setSetting(t, 'Security.PasswordMailMinutes', 60);
    try {
      await t.database.db
        .updateTable('accountTickets')
        .set({ createdAt: new Date(Date.now() - 30 * 60_000) })
        .where('userId', '=', busy.id)
        .execute();
      await recover(busy.email);
      expect(await ticketsOf(busy.id)).toHaveLength(2);
    } finally {
      await setSetting(t, 'Security.PasswordMailMinutes', 5);
    }
  });

  it('refuses an expired ticket and leaves the password alone', async () => {
    const account = await createAccount(t, 'Expiring-1');
    await recover(account.email);
    const token = ticketOf(linkIn(await smtp.waitFor(account.email), '/resetpassword/'));
    await t.database.db
      .updateTable('accountTickets')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', account.id)
      .execute();
    const hashBefore = await passwordHashOf(account.id);

    expect((await byTicket(token)).json()).toEqual({ Status: 'Expired' });
    expect((await resetWith(token, 'Too-Late-2')).json()).toEqual({
      Succeeded: false,
      InvalidTicket: true,
    });
    expect(await passwordHashOf(account.id)).toBe(hashBefore);
    expect(await signsIn(t, account.name, 'Expiring-1')).toBe(true);
  });

  it('refuses an unknown ticket, and a password equal to the user name without using the ticket', async () => {
    expect((await byTicket('made-up-ticket')).json()).toEqual({ Status: 'Unknown' });
    expect((await resetWith('made-up-ticket', 'Whatever-1')).json()).toEqual({
      Succeeded: false,
      InvalidTicket: true,
    });

    const account = await createAccount(t, 'Named-1', { name: 'Casey.Named@example.test' });
    await recover(account.email);
    const token = ticketOf(linkIn(await smtp.waitFor(account.email), '/resetpassword/'));
    for (const variant of ['Casey.Named@example.test', 'casey.named@example.test']) {
      expect((await resetWith(token, variant)).json()).toEqual({
        Succeeded: false,
        UserPasswordInvalid: true,
      });
    }
    expect((await byTicket(token)).json()).toMatchObject({ Status: 'Valid' });
    expect((await resetWith(token, 'Different-2')).json()).toEqual({ Succeeded: true });
  });

  it('validates the reset body: a digest, not a password', async () => {
    const response = await post(t, accountPaths.resetRegisterTicket, {
      Ticket: 'x',
      User: { Password: 'plain text' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors).toEqual([expect.objectContaining({ Field: 'User.Password' })]);
  });

  describe('SendPasswordResetByAdmin', () => {
    const send = (user: string | null, Email: string) =>
      (user ? signIn(t.app, user) : Promise.resolve(undefined)).then((cookie) =>
        post(t, accountPaths.sendPasswordResetByAdmin, { Email }, cookie),
      );
    const mailsTo = async (address: string) =>
      (
        await t.database.db
          .selectFrom('outbox')
          .select('id')
          .where((eb) => eb.fn('lower', ['to']), '=', address.toLowerCase())
          .execute()
      ).length;

    it('lets a user manager mail the reset link to a member of their group', async () => {
      const account = await createAccount(t, 'Managed-1');
      const north = await t.database.db
        .selectFrom('groups')
        .select('id')
        .where('name', '=', 'North crews')
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('userGroups')
        .values({ userId: account.id, groupId: north.id })
        .execute();
      const response = await send('groupadmin', account.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ Sent: 1 });
      const link = linkIn(await smtp.waitFor(account.email), '/resetpassword/');
      expect((await byTicket(ticketOf(link))).json()).toMatchObject({ Status: 'Valid' });
    });

    it('mails the registration link to an account that never had a password', async () => {
      const account = await createAccount(t, '', { passwordless: true });
      expect((await send('admin', account.email)).json()).toEqual({ Sent: 1 });
      const mail = await smtp.waitFor(account.email);
      expect(mail.subject).toBe('Asphalt Delivery Scheduler: your new account');
      const token = ticketOf(linkIn(mail, '/registerbyticket/'));
      expect((await byTicket(token)).json()).toMatchObject({
        Status: 'Valid',
        Purpose: 'register',
      });
      expect((await resetWith(token, 'First-Secret-1')).json()).toEqual({ Succeeded: true });
      expect(await signsIn(t, account.name, 'First-Secret-1')).toBe(true);
    });

    it('answers alike for unknown, out-of-scope and protected addresses, and mails none of them', async () => {
      const addresses = [
        'admin@demo.asphalt.test', // an administrator
        'manager@demo.asphalt.test', // no company: outside Demo Surfacing Ltd
        'nobody-known@example.test',
      ];
      const before = await Promise.all(addresses.map(mailsTo));
      const answers = [];
      for (const address of addresses) answers.push(await send('companyadmin', address));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toBe(answers[0]!.body);
      }
      expect(answers[0]!.json()).toEqual({ Sent: 0 });
      await t.app.mailer.idle();
      expect(await Promise.all(addresses.map(mailsTo))).toEqual(before);

      // Their own company's employee is theirs to manage.
      const employee = 'employee1@demo.asphalt.test';
      expect(await mailsTo(employee)).toBe(0);
      const sent = await send('companyadmin', employee);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ Sent: 1 });
      expect(await mailsTo(employee)).toBe(1);
      // Asked again within the throttle window: the same answer, and no second mail.
      const again = await send('companyadmin', employee);
      expect(again.body).toBe(sent.body);
      expect(await mailsTo(employee)).toBe(1);
    });

    it('mails an account at most once in Security.PasswordMailMinutes, shared with RecoverPassword', async () => {
      const account = await createAccount(t, 'Throttled-1');
      expect((await send('admin', account.email)).json()).toEqual({ Sent: 1 });
      expect((await send('admin', account.email)).json()).toEqual({ Sent: 1 });
      await recover(account.email);
      expect(await ticketsOf(account.id)).toHaveLength(1);
      expect(await mailsTo(account.email)).toBe(1);
    });

    it('refuses the unentitled and the anonymous', async () => {
      expect((await send('demo', 'employee2@demo.asphalt.test')).statusCode).toBe(403);
      expect((await send(null, 'employee2@demo.asphalt.test')).statusCode).toBe(401);
      // Only an administrator may send an administrator's reset link.
      expect((await send('groupadmin', 'admin@demo.asphalt.test')).json()).toEqual({ Sent: 0 });
      expect((await send('admin', 'admin@demo.asphalt.test')).json()).toEqual({ Sent: 1 });
      expect(await mailsTo('employee2@demo.asphalt.test')).toBe(0);
    });
  });
});
