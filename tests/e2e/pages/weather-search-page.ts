import { expect, type Locator, type Page } from '@playwright/test';

/** The weather forecast search: postcode or location, the nearest sites, a site's forecast. */
export class WeatherSearchPage {
  readonly heading: Locator;
  readonly postcode: Locator;
  readonly findSites: Locator;
  readonly useMyLocation: Locator;
  readonly sites: Locator;
  readonly forecast: Locator;
  readonly forecastTable: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Weather forecast' });
    this.postcode = main.getByRole('textbox', { name: 'Postcode' });
    this.findSites = main.getByRole('button', { name: 'Find sites' });
    this.useMyLocation = main.getByRole('button', { name: 'Use my location' });
    this.sites = main.getByRole('radiogroup', { name: 'Choose a site to see its forecast.' });
    this.forecast = main.getByRole('region', { name: /^Forecast for / });
    this.forecastTable = this.forecast.getByRole('table', { name: 'Hourly forecast' });
  }

  async searchPostcode(postcode: string) {
    await this.postcode.fill(postcode);
    await this.findSites.click();
    await expect(this.sites).toBeVisible();
  }

  site(index: number): Locator {
    return this.sites.getByRole('radio').nth(index);
  }

  /** The hour rows of the forecast table (day headings left out). */
  hourRows(): Locator {
    return this.forecastTable.locator('tbody tr').filter({ has: this.page.locator('time') });
  }
}
