import { expect, type Locator, type Page } from '@playwright/test';

/** An engine grid page as a user meets it: its actions, column filters and rows. */
export class EntityGridPage {
  readonly grid: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('table');
  }

  async open(path: string, title: string) {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }

  row(text: string): Locator {
    return this.grid.getByRole('row').filter({ hasText: text });
  }

  /** Data rows (the header row left out). */
  dataRows(): Locator {
    return this.grid.locator('tbody').getByRole('row');
  }

  async filterText(column: string, text: string) {
    await this.page.getByRole('button', { name: `Filter ${column}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Text').fill(text);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(
      this.page.getByRole('button', { name: `Filter ${column} (active)` }),
    ).toBeVisible();
  }

  /** A row's action: its own button on a wide screen, an item of the row's menu on a narrow one. */
  async rowAction(rowText: string, action: string) {
    const row = this.row(rowText);
    await expect(row).toBeVisible();
    const button = row.getByRole('button', { name: action, exact: true });
    if ((await button.count()) > 0) {
      await button.click();
      return;
    }
    await row.getByRole('button', { name: /^Actions for / }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async clearFilter(column: string) {
    await this.page.getByRole('button', { name: `Filter ${column} (active)`, exact: true }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    await expect(
      this.page.getByRole('button', { name: `Filter ${column}`, exact: true }),
    ).toBeVisible();
  }
}
