import { expect, type Locator, type Page } from '@playwright/test';

/** An engine detail form: fields by label, Save, and the error area. */
export class EntityFormPage {
  readonly save: Locator;
  readonly errors: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Save' });
    this.errors = page.getByRole('alert');
  }

  /** A text field by its accessible name (the label without the required asterisk). */
  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async expectHeading(text: string) {
    await expect(this.page.getByRole('heading', { level: 2, name: text })).toBeVisible();
  }
}
