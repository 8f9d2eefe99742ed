import { expect, test } from '@playwright/test';
import { ConfirmEmailPage } from './pages/confirm-email-page';
import { LoginPage } from './pages/login-page';
import { RecoverPasswordDialog } from './pages/recover-password-dialog';
import { RegisterPage } from './pages/register-page';
import { TicketPasswordPage } from './pages/ticket-password-page';
import { UserMenu } from './pages/user-menu';
import { waitForMail } from './support/mailbox';

test.describe('password recovery', () => {
  test('registers, confirms the address, forgets the password and sets a new one through the mailed links', async ({
    page,
    baseURL,
  }) => {
    // Two mailed links and three sign-ins (each a slow password hash): longer than most specs.
    test.slow();
    const email = `robin.${Date.now()}@example.test`;
    const login = new LoginPage(page);
    await login.open();
    const registered = Date.now();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await new RegisterPage(page).register({
      email,
      firstName: 'Robin',
      surname: 'Roe',
      password: 'First-Pass-2026',
    });
    await login.expectShown();
    const notice = page.getByRole('dialog', { name: 'Information' });
    await expect(notice).toContainText(`We have sent a mail to ${email}`);
    await notice.getByRole('button', { name: 'OK' }).click();

    // Until the address is confirmed, the right password does not sign in.
    await login.signIn(email, 'First-Pass-2026');
    await expect(login.message).toHaveText(
      'Please confirm your e-mail address first: follow the link we mailed you when you registered.',
    );

    const confirmation = await waitForMail(email, { since: registered });
    expect(confirmation.subject).toBe('Asphalt Delivery Scheduler: confirm your e-mail address');
    const confirmLink = /https?:\/\/\S+\/confirmemail\/[\w-]+/.exec(confirmation.text)?.[0];
    expect(confirmLink?.startsWith(`${baseURL}/confirmemail/`)).toBe(true);
    const confirmPage = new ConfirmEmailPage(page);
    await page.goto(confirmLink!);
    await expect(confirmPage.heading).toHaveText('Confirm your e-mail address');
    await confirmPage.confirm('Not-My-Pass-2026');
    await expect(confirmPage.password).toHaveAccessibleDescription(
      /not the password chosen at registration/,
    );
    await confirmPage.confirm('First-Pass-2026');
    await expect(confirmPage.heading).toHaveText('Your e-mail address is confirmed');
    await expect(confirmPage.message).toHaveText('Thank you. You can now sign in to your account.');
    await confirmPage.toSignIn.click();
    await login.expectShown();

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
    await login.signIn(email, 'First-Pass-2026');
    await expect(login.message).toHaveText('The user name or password is incorrect.');
    await login.signIn(email, 'Second-Pass-2026');
    await new UserMenu(page).expectSignedInAs('Robin Roe');
  });
});
