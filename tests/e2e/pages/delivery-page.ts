import { expect, type Locator, type Page } from '@playwright/test';

/** The long state names the page's badge starts its accessible name with. */
export type StateName = 'RED' | 'AMBER' | 'GREEN' | 'YELLOW' | 'BLUE' | 'NO STATE';

/**
 * `/delivery/{id}`: the state by its long name, the inputs that change it, what would make it
 * workable, and Apply, Cancel or Back.
 */
export class DeliveryPage {
  readonly main: Locator;
  readonly heading: Locator;
  /** Where, when, what and which unit, under the heading. */
  readonly facts: Locator;
  readonly stateSection: Locator;
  readonly stateBadge: Locator;
  readonly announcement: Locator;
  readonly updating: Locator;
  readonly outputTemperature: Locator;
  readonly thickness: Locator;
  readonly additive: Locator;
  readonly apply: Locator;
  readonly cancel: Locator;
  readonly back: Locator;
  readonly suggestions: Locator;
  readonly notMine: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: /^Delivery / });
    this.facts = this.main.getByRole('paragraph').first();
    this.stateSection = this.main.getByRole('region', { name: 'State and inputs' });
    this.stateBadge = this.stateSection.getByRole('img', {
      name: /^(RED|AMBER|GREEN|YELLOW|BLUE|NO STATE)\b/,
    });
    this.announcement = this.stateSection
      .locator('[aria-live="polite"]')
      .filter({ hasText: /^State / });
    this.updating = this.stateSection.getByRole('status', { name: 'Updating…' });
    this.outputTemperature = this.stateSection.getByRole('textbox', {
      name: 'Output temperature (°C)',
    });
    this.thickness = this.stateSection.getByRole('textbox', { name: 'Thickness (mm)' });
    this.additive = this.stateSection.getByRole('switch', { name: 'Warm-mix additive allowed' });
    this.apply = this.stateSection.getByRole('button', { name: 'Apply', exact: true });
    this.cancel = this.stateSection.getByRole('button', { name: 'Cancel', exact: true });
    this.back = this.stateSection.getByRole('button', { name: 'Back', exact: true });
    this.suggestions = this.main.getByRole('region', { name: 'What would make it workable?' });
    this.notMine = this.main.getByText(
      'This delivery is not one of your units’ deliveries: you can view it but not change it.',
    );
  }

  /** Opens the delivery and waits for its state computed for the stored inputs. */
  async open(id: number) {
    const computed = this.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/Deliveries/SetNewState') && response.status() === 200,
    );
    await this.page.goto(`/delivery/${id}`);
    await expect(this.heading).toBeVisible();
    await computed;
    await expect(this.stateBadge).toBeVisible();
  }

  /** Types a thickness and leaves the field, which snaps it and asks for the state. */
  async setThickness(mm: number) {
    await this.thickness.fill(String(mm));
    await this.thickness.press('Tab');
    await expect(this.thickness).toHaveValue(String(mm));
  }

  async setAdditive(allowed: boolean) {
    await this.additive.setChecked(allowed);
    await expect(this.additive).toBeChecked({ checked: allowed });
  }

  /** Waits until the page shows (and announces) this state for the inputs on screen. */
  async expectState(name: StateName) {
    await expect(this.updating).toHaveCount(0);
    await expect(this.stateBadge).toHaveAccessibleName(new RegExp(`^${name}\\b`));
    await expect(this.announcement).toHaveText(new RegExp(`^State ${name}\\.`));
    await expect(this.updating).toHaveCount(0);
    await expect(this.stateBadge).toHaveAccessibleName(new RegExp(`^${name}\\b`));
  }

  /** The suggestions that change the inputs (informative ones have no button). */
  applicableSuggestions(): Locator {
    return this.suggestions
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name: 'Apply suggestion' }) });
  }
}
