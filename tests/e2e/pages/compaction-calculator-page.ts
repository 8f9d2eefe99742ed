import { expect, type Locator, type Page } from '@playwright/test';

type ScenarioName = 'A' | 'B';

/** The compaction calculator: two scenario cards, their cooling curves and the summary table. */
export class CompactionCalculatorPage {
  readonly heading: Locator;
  readonly chart: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Compaction calculator' });
    this.chart = main.getByRole('region', { name: 'Cooling curves of scenarios A and B' });
    this.summary = this.chart.getByRole('table', {
      name: 'Time available for compaction by scenario',
    });
  }

  scenario(name: ScenarioName): Locator {
    return this.page.getByRole('main').getByRole('region', { name: `Scenario ${name}` });
  }

  thicknessInput(name: ScenarioName): Locator {
    return this.scenario(name).getByRole('textbox', { name: 'Thickness (mm)' });
  }

  thicknessSlider(name: ScenarioName): Locator {
    return this.scenario(name).getByRole('slider', { name: 'Thickness (mm)' });
  }

  /** The minutes available for compaction, as the summary table lists them. */
  async minutes(name: ScenarioName): Promise<number> {
    const row = this.summary.getByRole('row').filter({
      has: this.page.getByRole('rowheader', { name, exact: true }),
    });
    const text = await row.getByRole('cell').first().innerText();
    const match = /([\d.]+) min/.exec(text);
    if (!match) throw new Error(`No minutes for scenario ${name} in "${text}".`);
    return Number(match[1]);
  }

  /** The drawn path of a scenario's mean temperature curve. */
  async meanCurve(name: ScenarioName): Promise<string | null> {
    const index = name === 'A' ? 0 : 2;
    return this.chart.locator('path.recharts-line-curve').nth(index).getAttribute('d');
  }

  /** Waits until no scenario is recalculating. */
  async settled() {
    await expect(
      this.page.getByRole('main').getByRole('status', { name: 'Updating…' }),
    ).toHaveCount(0);
  }
}
