import type { Locator, Page } from '@playwright/test';

/** `/confirmemail/:ticket`: confirms a registered address with the registration password. */
export class ConfirmEmailPage {
  readonly heading: Locator;
  readonly message: Locator;
  readonly password: Locator;
  readonly confirmButton: Locator;
  readonly toSignIn: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.message = main.getByRole('status').or(main.getByRole('alert'));
    this.password = main.getByLabel(/^Password/);
    this.confirmButton = main.getByRole('button', { name: 'Confirm' });
    this.toSignIn = main.getByRole('button', { name: 'Go to sign in' });
  }

  /** Confirms with the password chosen at registration. */
  async confirm(password: string) {
    await this.password.fill(password);
    await this.confirmButton.click();
  }
}
