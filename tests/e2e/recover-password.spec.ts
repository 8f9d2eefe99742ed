import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { RecoverPasswordDialog } from './pages/recover-password-dialog';
import { TicketPasswordPage } from './pages/ticket-password-page';
import { UserMenu } from './pages/user-menu';
import { waitForMail } from './support/mailbox';
import { browserDigest, signInByApi } from './support/sign-in';

test.describe('password recovery', () => {
  test('with companies on (as in the demo), self-registration is closed as the spec says', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test('an account made by an administrator forgets its password and sets a new one through the mailed link', async ({
    page,
    baseURL,
  }) => {
    // A mailed link and three sign-ins (each a password hash): longer than most specs.
    test.slow();
    const stamp = Date.now();
    const email = `robin.${stamp}@example.test`;
    const name = `robin${stamp}`;
    await signInByApi(page, 'admin');
    const created = await page.request.post('/api/users/SaveUser', {
      data: {
        Id: 0,
        Name: name,
        FirstName: 'Robin',
        Surname: 'Roe',
        Email: email,
        Password: browserDigest('First-Pass-2026'),
        Roles: [],
      },
    });
    expect(await created.json()).toMatchObject({ Succeeded: true });
    // As the application's client signs out: a body-less post must show it is the app's own.
    const out = await page.request.post('/api/auth/logout', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(out.status()).toBe(204);

    const login = new LoginPage(page);
    await login.open();
    const since = Date.now();
    const recover = new RecoverPasswordDialog(page);
    await recover.request(email);
    await expect(recover.outcome).toContainText('a mail with a link to choose a new password');
    await recover.dialog.getByRole('button', { name: 'OK' }).click();

    const mail = await waitForMail(email, { since });
    expect(mail.subject).toBe('Asphalt Delivery Scheduler: reset your password');
    const link = /https?:\/\/\S+\/resetpassword\/[\w-]+/.exec(mail.text)?.[0];
    expect(link?.startsWith(`${baseURL}/resetpassword/`)).toBe(true);

    const ticketPage = new TicketPasswordPage(page);
    await page.goto(link!);
    await expect(ticketPage.heading).toHaveText('Choose a new password');
    await ticketPage.choose('Second-Pass-2026');
    await expect(ticketPage.heading).toHaveText('Your password is set');

    // The link works once.
    await page.goto(link!);
    await expect(ticketPage.heading).toHaveText('This link does not work');
    await ticketPage.toSignIn.click();

    await login.expectShown();
    await login.signIn(name, 'First-Pass-2026');
    await expect(login.message).toHaveText('The user name or password is incorrect.');
    await login.signIn(name, 'Second-Pass-2026');
    await new UserMenu(page).expectSignedInAs('Robin Roe');
  });
});
