import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { deliveriesListPath } from '../support/deliveries-api';

/** The state names as the grid's badges say them (their accessible names start with one). */
const stateNames = {
  R: 'RED',
  A: 'AMBER',
  G: 'GREEN',
  M: 'BLUE',
  Y: 'YELLOW',
} as const satisfies Record<string, string>;

/** The long name of a state code, as the badges say it. */
export const stateName = (code: string): string =>
  stateNames[code as keyof typeof stateNames] ?? 'NO STATE';

/**
 * The deliveries home at `/`: its switches and toolbar, the engine grid with the columns'
 * filters and the rows' cells, the pager and the map.
 */
export class DeliveriesHomePage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly grid: Locator;
  readonly view: Locator;
  readonly units: Locator;
  readonly showPast: Locator;
  readonly activeUnitsOnly: Locator;
  readonly exportButton: Locator;
  readonly amendSelected: Locator;
  readonly live: Locator;
  readonly pagerSummary: Locator;
  readonly map: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Deliveries' });
    this.grid = this.main.getByRole('table', { name: 'Deliveries' });
    this.view = this.main.getByRole('radiogroup', { name: 'Show as' });
    this.units = this.main.getByRole('radiogroup', { name: 'Units' });
    this.showPast = this.main.getByRole('switch', { name: 'Show past' });
    this.activeUnitsOnly = this.main.getByRole('switch', { name: 'Active units only' });
    this.exportButton = this.main.getByRole('button', { name: 'Export', exact: true });
    this.amendSelected = this.main.getByRole('button', { name: /^Amend selected\b/ });
    this.live = this.main.getByRole('status', {
      name: 'States changed by the server show here as they change.',
    });
    this.pagerSummary = this.main.getByRole('status').filter({ hasText: /^\d+–\d+ of / });
    this.map = this.main.getByRole('region', { name: 'Map of the deliveries' });
  }

  /** Opens the home and waits for the first page of rows. */
  async open(path = '/') {
    const listed = this.nextList();
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
    return listed;
  }

  /** The next answer of the grid's list call, as JSON (rows are shown in its order). */
  async nextList(
    where: (url: URL) => boolean = () => true,
  ): Promise<{ value: Record<string, unknown>[]; '@odata.count'?: number }> {
    const response = await this.page.waitForResponse(
      (candidate: Response) =>
        candidate.url().includes(deliveriesListPath) &&
        candidate.request().method() === 'GET' &&
        // The grid's pages ask for a count; the map's points and pushed rows do not.
        new URL(candidate.url()).searchParams.get('$count') !== 'false' &&
        where(new URL(candidate.url())),
    );
    expect(response.status()).toBe(200);
    return (await response.json()) as { value: Record<string, unknown>[] };
  }

  /** Data rows (the header row left out). */
  dataRows(): Locator {
    return this.grid.locator('tbody').getByRole('row');
  }

  /** The number of deliveries the pager says the filters leave. */
  async count(): Promise<number> {
    const text = await this.pagerSummary.innerText();
    const match = /of ([\d,]+)/.exec(text);
    if (!match?.[1]) throw new Error(`No count in "${text}".`);
    return Number(match[1].replaceAll(',', ''));
  }

  columnHeader(title: string): Locator {
    return this.grid.getByRole('columnheader', { name: `${title} Filter ${title}` });
  }

  /** A row's cell in the column of that title. */
  async cell(row: Locator, title: string): Promise<Locator> {
    const index = await this.columnHeader(title).evaluate(
      (header) => (header as HTMLTableCellElement).cellIndex,
    );
    return row.getByRole('cell').nth(index);
  }

  /**
   * Every shown row's cell of a column: its visible text, or (`name`) what a screen reader
   * reads of it (a label its content carries, else its whole text, hidden words included).
   */
  async columnValues(title: string, read: 'text' | 'name' = 'text'): Promise<string[]> {
    const index = await this.columnHeader(title).evaluate(
      (header) => (header as HTMLTableCellElement).cellIndex,
    );
    const values: string[] = [];
    for (const row of await this.dataRows().all()) {
      const cell = row.getByRole('cell').nth(index);
      values.push(
        read === 'text'
          ? await cell.evaluate((element) => {
              // What the eye reads: words kept for screen readers only are left out.
              const shown = element.cloneNode(true) as HTMLElement;
              shown
                .querySelectorAll('.mantine-VisuallyHidden-root')
                .forEach((hidden) => hidden.remove());
              return (shown.textContent ?? '').trim();
            })
          : await cell.evaluate(
              (element) =>
                element.querySelector('[aria-label]')?.getAttribute('aria-label') ??
                element.textContent ??
                '',
            ),
      );
    }
    return values;
  }

  /** A row's state badge: its accessible name is the state's long name and reason. */
  async stateBadge(row: Locator): Promise<Locator> {
    return (await this.cell(row, 'State')).getByRole('img');
  }

  filterButton(column: string, { active = false } = {}): Locator {
    const name = active ? `Filter ${column} (active)` : `Filter ${column}`;
    return this.grid.getByRole('button', { name, exact: true });
  }

  /** Opens a column's filter popup. */
  async openFilter(column: string): Promise<Locator> {
    const active = this.filterButton(column, { active: true });
    await ((await active.count()) > 0 ? active : this.filterButton(column)).click();
    // Named by its button; another column's popup may still be closing.
    const title = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const dialog = this.page.getByRole('dialog', {
      name: new RegExp(`^Filter ${title}( \\(active\\))?$`),
    });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Applies the open popup and waits for the grid to list again with it. */
  async applyFilter(dialog: Locator, column: string) {
    const listed = this.nextList();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(this.filterButton(column, { active: true })).toBeVisible();
    return listed;
  }

  /** Ticks values in a column's value list and applies them. */
  async filterValues(column: string, values: readonly string[]) {
    const dialog = await this.openFilter(column);
    const list = dialog.getByRole('group', { name: 'Values' });
    for (const value of values) {
      await list.getByRole('checkbox', { name: value, exact: true }).check();
    }
    return this.applyFilter(dialog, column);
  }

  /** Sets From and To in the named group of a column's filter popup (each may be left empty). */
  async fillRange(dialog: Locator, group: string, from: number | null, to: number | null) {
    const part = dialog.getByRole('group', { name: group });
    if (from !== null) await part.getByRole('textbox', { name: 'From' }).fill(String(from));
    if (to !== null) await part.getByRole('textbox', { name: 'To' }).fill(String(to));
  }

  /** The grid's row checkbox (named by the row's first text value). */
  rowCheckbox(row: Locator): Locator {
    return row.getByRole('checkbox', { name: /^Select / });
  }

  async showAs(view: 'List' | 'Map') {
    await this.view.getByText(view, { exact: true }).click();
    await expect(this.view.getByRole('radio', { name: view })).toBeChecked();
  }

  /** The map's point and group markers, and the deliveries in an open group popup. */
  mapDeliveries(): Locator {
    return this.map.getByRole('button', { name: /^Delivery / });
  }

  mapGroups(): Locator {
    return this.map.getByRole('button', { name: /^Group of \d+ deliveries/ });
  }
}
