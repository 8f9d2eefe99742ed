import { expect, type Locator, type Page } from '@playwright/test';

/** The sign-in screen: the form, its message, the captcha and the demo shortcuts. */
export class LoginPage {
  readonly heading: Locator;
  readonly userName: Locator;
  readonly password: Locator;
  readonly rememberMe: Locator;
  readonly signInButton: Locator;
  readonly message: Locator;
  readonly captcha: Locator;
  readonly demoAccounts: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Sign in' });
    this.userName = main.getByRole('textbox', { name: 'User name' });
    this.password = main.getByLabel('Password', { exact: true });
    this.rememberMe = main.getByRole('checkbox', { name: 'Remember me' });
    this.signInButton = main.getByRole('button', { name: 'Sign in', exact: true });
    this.message = main.getByRole('alert');
    this.captcha = main.getByRole('group', { name: 'Robot check' });
    this.demoAccounts = main.getByRole('region', { name: 'Demo accounts' });
  }

  async open() {
    await this.page.goto('/login');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/login$/);
    await expect(this.heading).toBeVisible();
  }

  async signIn(user: string, password: string, { remember = false } = {}) {
    await this.userName.fill(user);
    await this.password.fill(password);
    await this.rememberMe.setChecked(remember);
    await this.signInButton.click();
  }

  /** The one-click shortcut of a demo account, by its user name. */
  demoAccount(name: string): Locator {
    return this.demoAccounts.getByRole('button', { name: new RegExp(`^${name}\\b`) });
  }
}
