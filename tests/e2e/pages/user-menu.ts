import { expect, type Locator, type Page } from '@playwright/test';

/** The header's account controls: the user menu when signed in, a sign-in link otherwise. */
export class UserMenu {
  readonly signInLink: Locator;

  constructor(readonly page: Page) {
    this.signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
  }

  /** The menu button, named by the signed-in user's full name. */
  button(fullName: string): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: fullName });
  }

  async expectSignedInAs(fullName: string) {
    await expect(this.button(fullName)).toBeVisible();
  }

  async signOut(fullName: string) {
    await this.button(fullName).click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
