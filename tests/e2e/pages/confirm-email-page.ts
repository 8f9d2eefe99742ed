import type { Locator, Page } from '@playwright/test';

/** `/confirmemail/:ticket`: confirms a registered address from the mailed link. */
export class ConfirmEmailPage {
  readonly heading: Locator;
  readonly message: Locator;
  readonly toSignIn: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.message = main.getByRole('status').or(main.getByRole('alert'));
    this.toSignIn = main.getByRole('button', { name: 'Go to sign in' });
  }
}
