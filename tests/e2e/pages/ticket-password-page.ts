import type { Locator, Page } from '@playwright/test';

/** `/resetpassword/:ticket` and `/registerbyticket/:ticket`: a password set from a mail. */
export class TicketPasswordPage {
  readonly heading: Locator;
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly setPasswordButton: Locator;
  readonly toSignIn: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.password = main.getByRole('textbox', { name: 'Password', exact: true });
    this.confirmation = main.getByRole('textbox', { name: 'Confirm password', exact: true });
    this.setPasswordButton = main.getByRole('button', { name: 'Set password' });
    this.toSignIn = main.getByRole('button', { name: 'Go to sign in' });
  }

  async choose(password: string) {
    await this.password.fill(password);
    await this.confirmation.fill(password);
    await this.setPasswordButton.click();
  }
}
