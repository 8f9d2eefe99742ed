import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { RecoverPasswordDialog } from './pages/recover-password-dialog';
import { RegisterPage } from './pages/register-page';
import { TicketPasswordPage } from './pages/ticket-password-page';
import { UserMenu } from './pages/user-menu';
import { waitForMail } from './support/mailbox';

test.describe('password recovery', () => {
  test('registers, forgets the password and sets a new one through the mailed link', async ({
    page,
    baseURL,
  }) => {
    const email = `robin.${Date.now()}@example.test`;
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await new RegisterPage(page).register({
      email,
      firstName: 'Robin',
      surname: 'Roe',
      password: 'First-Pass-2026',
    });
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
