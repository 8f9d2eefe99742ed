import { expect, type Locator, type Page } from '@playwright/test';

/** `/register`: a new account named by its e-mail address. */
export class RegisterPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly firstName: Locator;
  readonly surname: Locator;
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly registerButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Create an account' });
    this.email = main.getByRole('textbox', { name: 'E-mail address' });
    this.firstName = main.getByRole('textbox', { name: 'First name' });
    this.surname = main.getByRole('textbox', { name: 'Surname' });
    this.password = main.getByRole('textbox', { name: 'Password', exact: true });
    this.confirmation = main.getByRole('textbox', { name: 'Confirm password', exact: true });
    this.registerButton = main.getByRole('button', { name: 'Register' });
  }

  async register(account: { email: string; firstName: string; surname: string; password: string }) {
    await expect(this.heading).toBeVisible();
    await this.email.fill(account.email);
    await this.firstName.fill(account.firstName);
    await this.surname.fill(account.surname);
    await this.password.fill(account.password);
    await this.confirmation.fill(account.password);
    await this.registerButton.click();
  }
}
