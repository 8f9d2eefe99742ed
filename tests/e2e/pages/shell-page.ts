import { expect, type Locator, type Page } from '@playwright/test';

/** The application shell as a user meets it: header, main menu, language, cookie banner. */
export class ShellPage {
  readonly menu: Locator;
  readonly language: Locator;
  readonly cookieBanner: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Main menu' }).first();
    // By position, not name: its label is translated too.
    this.language = page.getByRole('banner').getByRole('combobox').first();
    this.cookieBanner = page.getByRole('region', { name: 'Cookie notice' });
    this.main = page.getByRole('main');
  }

  async open(path: string) {
    await this.page.goto(path);
    await expect(this.main).toBeVisible();
  }

  async chooseLanguage(name: string) {
    await this.language.click();
    await this.page.getByRole('option', { name }).click();
  }

  async cookie(name: string) {
    const cookies = await this.page.context().cookies();
    return cookies.find((c) => c.name === name);
  }
}
