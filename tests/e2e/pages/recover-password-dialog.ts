import type { Locator, Page } from '@playwright/test';

/** The "Forgot your password?" dialog of the sign-in screen. */
export class RecoverPasswordDialog {
  readonly opener: Locator;
  readonly dialog: Locator;
  readonly email: Locator;
  readonly sendButton: Locator;
  readonly outcome: Locator;

  constructor(readonly page: Page) {
    this.opener = page.getByRole('main').getByRole('button', { name: 'Forgot your password?' });
    this.dialog = page.getByRole('dialog', { name: 'Recover your password' });
    this.email = this.dialog.getByRole('textbox', { name: 'E-mail address or user name' });
    this.sendButton = this.dialog.getByRole('button', { name: 'Send link' });
    this.outcome = this.dialog.getByRole('status');
  }

  async request(email: string) {
    await this.opener.click();
    await this.email.fill(email);
    await this.sendButton.click();
  }
}
