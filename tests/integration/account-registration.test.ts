import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postLogin, signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  accountPaths,
  browserDigest,
  get,
  post,
  setSetting,
  sha256,
  signsIn,
  ticketOf,
} from './account-support';

describe('self-registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());
  beforeEach(() => setSetting(t, 'GroupsAndCompanies.UsersBelongTo', 0));

  const register = (fields: Record<string, unknown>) =>
    post(t, accountPaths.registerUser, {
      FirstName: 'Robin',
      Surname: 'Roe',
      Password: browserDigest('Register-2026!'),
      Language: 'en-gb',
      Active: true,
      ...fields,
    });
  const userRow = (name: string) =>
    t.database.db.selectFrom('users').selectAll().where('name', '=', name).executeTakeFirst();
  const userCount = async () =>
    (await t.database.db.selectFrom('users').select('id').execute()).length;
  const mailsTo = (to: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id').execute();
  /** The ticket of the newest mailed link to `path` for this address. */
  const mailedTicket = async (to: string, path: string) => {
    const mail = (await mailsTo(to)).at(-1);
    const link = new RegExp(`https?://\\S+${path}/[\\w-]+`).exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error(`no ${path} link mailed to ${to}`);
    return ticketOf(link);
  };
  const confirm = (Ticket: string, password = 'Register-2026!') =>
    post(t, accountPaths.confirmEmail, { Ticket, Password: browserDigest(password) });
  const loginAnswer = async (user: string, password: string) =>
    (await postLogin(t.app, user, { password })).json<Record<string, unknown>>();
  const membershipsOf = async (userId: number) => ({
    roles: await t.database.db
      .selectFrom('userRoles')
      .selectAll()
      .where('userId', '=', userId)
      .execute(),
    groups: await t.database.db
      .selectFrom('userGroups')
      .selectAll()
      .where('userId', '=', userId)
      .execute(),
  });

  it('creates an active account named by its e-mail address that signs in once the mailed link confirms it', async () => {
    const response = await register({ Name: ' robin.roe@example.test ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Succeeded: true, ConfirmationMailed: true });
    const row = await userRow('robin.roe@example.test');
    expect(row).toMatchObject({
      email: 'robin.roe@example.test',
      firstName: 'Robin',
      surname: 'Roe',
      active: true,
      languageId: 'en-gb',
      companyId: null,
      emailConfirmedAt: null,
    });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(browserDigest('Register-2026!'));

    const [mail] = await mailsTo('robin.roe@example.test');
    expect(mail).toMatchObject({
      subject: 'Asphalt Delivery Scheduler: confirm your e-mail address',
      templateCode: 'EmailConfirmation',
    });
    expect(mail!.html).toContain('Hello Robin Roe,');
    const token = await mailedTicket('robin.roe@example.test', '/confirmemail');
    expect(mail!.text).toContain(`http://localhost:8080/confirmemail/${token}`);
    const tickets = await t.database.db
      .selectFrom('accountTickets')
      .selectAll()
      .where('userId', '=', row!.id)
      .execute();
    expect(tickets).toEqual([
      expect.objectContaining({ purpose: 'confirm', tokenHash: sha256(token), usedAt: null }),
    ]);

    // The right password is told apart only once the password is proven.
    expect(await loginAnswer('robin.roe@example.test', 'Register-2026!')).toEqual({
      Succeeded: false,
      CaptchaRequired: false,
      UserNotActive: true,
      EmailNotConfirmed: true,
    });
    expect(await loginAnswer('robin.roe@example.test', 'Wrong-2026!')).toMatchObject({
      Succeeded: false,
      InvalidUserOrPassword: true,
    });

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ Succeeded: true });
    expect((await userRow('robin.roe@example.test'))!.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await signsIn(t, 'robin.roe@example.test', 'Register-2026!')).toBe(true);

    expect((await confirm(token)).json()).toEqual({ Succeeded: false, InvalidTicket: true });
    expect(await signsIn(t, 'robin.roe@example.test', 'Register-2026!')).toBe(true);
  });

  it('refuses an unknown or expired confirmation ticket, and keeps confirmation and password links apart', async () => {
    expect((await confirm('made-up-ticket')).json()).toEqual({
      Succeeded: false,
      InvalidTicket: true,
    });

    await register({ Name: 'late@example.test' });
    const late = await mailedTicket('late@example.test', '/confirmemail');
    await t.database.db
      .updateTable('accountTickets')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', sha256(late))
      .execute();
    expect((await confirm(late)).json()).toEqual({ Succeeded: false, InvalidTicket: true });
    expect((await userRow('late@example.test'))!.emailConfirmedAt).toBeNull();

    // A confirmation link neither shows the account nor sets its password.
    await register({ Name: 'apart@example.test' });
    const confirmation = await mailedTicket('apart@example.test', '/confirmemail');
    const byTicket = await get(t, `${accountPaths.userByTicket}/${confirmation}`);
    expect(byTicket.json()).toEqual({ Status: 'Unknown' });
    const reset = await post(t, accountPaths.resetRegisterTicket, {
      Ticket: confirmation,
      User: { Password: browserDigest('Hijack-2026!') },
    });
    expect(reset.json()).toEqual({ Succeeded: false, InvalidTicket: true });

    // Nor does a password link pass for a confirmation (it confirms only when a password is set).
    await post(t, accountPaths.recoverPassword, { Email: 'apart@example.test' });
    const resetTicket = await mailedTicket('apart@example.test', '/resetpassword');
    expect((await confirm(resetTicket)).json()).toEqual({ Succeeded: false, InvalidTicket: true });
    expect(await signsIn(t, 'apart@example.test', 'Register-2026!')).toBe(false);
    expect((await confirm(confirmation)).json()).toEqual({ Succeeded: true });
  });

  it('opens a registered account only with the password chosen at registration', async () => {
    // Someone registers another's address; its owner follows the mailed link.
    await register({ Name: 'victim@example.test', Password: browserDigest('Squatter-2026!') });
    const token = await mailedTicket('victim@example.test', '/confirmemail');
    for (const guess of ['Register-2026!', 'Owner-2026!']) {
      expect((await confirm(token, guess)).json()).toEqual({
        Succeeded: false,
        InvalidPassword: true,
      });
    }
    expect((await userRow('victim@example.test'))!.emailConfirmedAt).toBeNull();
    expect(await signsIn(t, 'victim@example.test', 'Squatter-2026!')).toBe(false);
    const missing = await post(t, accountPaths.confirmEmail, { Ticket: token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Errors).toEqual([{ Field: 'Password', Message: 'is required' }]);
    // The link still works for the one who registered and owns the mailbox.
    expect((await confirm(token, 'Squatter-2026!')).json()).toEqual({ Succeeded: true });
    expect(await signsIn(t, 'victim@example.test', 'Squatter-2026!')).toBe(true);
  });

  it('confirms the address when its owner sets a password by a mailed reset link', async () => {
    // Whoever registered someone else's address cannot sign in; the owner takes the account.
    await register({ Name: 'owner@example.test', Password: browserDigest('Squatter-2026!') });
    await post(t, accountPaths.recoverPassword, { Email: 'owner@example.test' });
    const resetTicket = await mailedTicket('owner@example.test', '/resetpassword');
    const reset = await post(t, accountPaths.resetRegisterTicket, {
      Ticket: resetTicket,
      User: { Password: browserDigest('Owner-2026!') },
    });
    expect(reset.json()).toEqual({ Succeeded: true });
    expect(await signsIn(t, 'owner@example.test', 'Owner-2026!')).toBe(true);
    expect(await signsIn(t, 'owner@example.test', 'Squatter-2026!')).toBe(false);
  });

  it('registers an account that signs in at once while confirmation is turned off', async () => {
    await setSetting(t, 'Security.ConfirmRegistrationEmail', false);
    try {
      const response = await register({ Name: 'at.once@example.test' });
      expect(response.json()).toEqual({ Succeeded: true });
      expect(await mailsTo('at.once@example.test')).toEqual([]);
      expect((await userRow('at.once@example.test'))!.emailConfirmedAt).toBeInstanceOf(Date);
      expect(await signsIn(t, 'at.once@example.test', 'Register-2026!')).toBe(true);
    } finally {
      await setSetting(t, 'Security.ConfirmRegistrationEmail', true);
    }
  });

  it('grants nothing whatever else the payload says: no admin, role, group or company', async () => {
    const company = await t.database.db
      .selectFrom('companies')
      .select('id')
      .executeTakeFirstOrThrow();
    const roles = await t.database.db.selectFrom('roles').select(['id', 'name']).execute();
    const response = await register({
      Name: 'sneaky@example.test',
      Id: 1,
      IsAdmin: true,
      Active: false,
      Roles: roles.map((role) => ({ Id: role.id, Name: role.name, IsChecked: true })),
      Groups: [{ Id: 1, IsChecked: true }],
      Company: { Id: company.id },
      CompanyId: company.id,
      Permissions: ['ManageUsers'],
    });
    expect(response.json()).toEqual({ Succeeded: true, ConfirmationMailed: true });
    const row = await userRow('sneaky@example.test');
    expect(row).toMatchObject({ active: true, companyId: null, emailConfirmedAt: null });
    expect(row!.id).not.toBe(1);
    expect(await membershipsOf(row!.id)).toEqual({ roles: [], groups: [] });
    await confirm(await mailedTicket('sneaky@example.test', '/confirmemail'));

    const cookie = await signIn(t.app, 'sneaky@example.test', { password: 'Register-2026!' });
    expect((await get(t, '/api/users/GetCurrentUser', cookie)).json()).toMatchObject({
      IsAdmin: false,
    });
    const permissions = await t.app.inject({
      method: 'POST',
      url: '/api/auth/permissions',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(permissions.json()).toEqual([]);
    expect((await get(t, '/api/users/GetAllUsers', cookie)).statusCode).toBe(403);
  });

  it('flags a taken user name, whatever its case, and creates nothing', async () => {
    await register({ Name: 'taken@example.test' });
    const before = await userCount();
    const response = await register({ Name: 'TAKEN@Example.test' });
    expect(response.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
    expect(await userCount()).toBe(before);
  });

  it("flags another account's e-mail address, whatever its case, creates nothing and mails nobody", async () => {
    const before = await userCount();
    // The demo user `admin` has this address as e-mail, under another user name.
    for (const address of ['ADMIN@Demo.Asphalt.test', 'admin@demo.asphalt.test']) {
      const response = await register({ Name: address });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ Succeeded: false, UsernameAlreadyExists: true });
    }
    expect(await userCount()).toBe(before);
    const mails = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where((eb) => eb.fn('lower', ['to']), '=', 'admin@demo.asphalt.test')
      .execute();
    expect(mails).toEqual([]);
  });

  it('keeps e-mail addresses unique in the database, whatever their case', async () => {
    const write = (name: string, email: string) =>
      t.database.db.insertInto('users').values({ name, email }).execute();
    await expect(write('second-admin', 'Admin@Demo.Asphalt.TEST')).rejects.toMatchObject({
      code: '23505',
    });
    await write('no-address-1', '');
    await write('no-address-2', '');
  });

  it('refuses a password that is the user name', async () => {
    for (const password of ['same@example.test', 'SAME@EXAMPLE.TEST', 'Same@example.test']) {
      const response = await register({
        Name: 'Same@Example.test',
        Password: browserDigest(password),
      });
      expect(response.json()).toEqual({ Succeeded: false, UserPasswordInvalid: true });
    }
    expect(await userRow('Same@Example.test')).toBeUndefined();
  });

  it('takes only an e-mail address as the name and only a digest as the password', async () => {
    const notEmail = await register({ Name: 'just-a-name' });
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json().Errors).toEqual([expect.objectContaining({ Field: 'Name' })]);
    const plain = await register({ Name: 'plain@example.test', Password: 'Register-2026!' });
    expect(plain.statusCode).toBe(400);
    expect(await userRow('plain@example.test')).toBeUndefined();
  });

  it('ignores an unknown language', async () => {
    await register({ Name: 'lingo@example.test', Language: 'xx-yy' });
    expect(await userRow('lingo@example.test')).toMatchObject({ languageId: null });
  });

  it('is closed while users belong to companies', async () => {
    for (const belongTo of [2, 3]) {
      await setSetting(t, 'GroupsAndCompanies.UsersBelongTo', belongTo);
      const options = await get(t, accountPaths.registrationOptions);
      expect(options.json()).toEqual({ RegistrationAllowed: false });
      const response = await register({ Name: `company${belongTo}@example.test` });
      expect(response.statusCode).toBe(403);
      expect(await userRow(`company${belongTo}@example.test`)).toBeUndefined();
    }
    await setSetting(t, 'GroupsAndCompanies.UsersBelongTo', 1);
    expect((await get(t, accountPaths.registrationOptions)).json()).toEqual({
      RegistrationAllowed: true,
    });
    expect((await register({ Name: 'groups@example.test' })).json()).toMatchObject({
      Succeeded: true,
    });
  });

  it('is closed while password sign-in is turned off', async () => {
    await setSetting(t, 'Security.LocalSignInEnabled', false);
    try {
      expect((await register({ Name: 'nolocal@example.test' })).statusCode).toBe(403);
    } finally {
      await setSetting(t, 'Security.LocalSignInEnabled', true);
    }
  });
});
