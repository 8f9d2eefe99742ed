import { expect, test } from '@playwright/test';
import { ShellPage } from './pages/shell-page';
import { WeatherSearchPage } from './pages/weather-search-page';
import { signInByApi } from './support/sign-in';

test.describe('the weather forecast search', () => {
  test.beforeEach(async ({ page }) => signInByApi(page, 'employee1'));

  test('finds the sites near a postcode and shows a site’s forecast', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await shell.cookieBanner.getByRole('button', { name: 'OK, got it' }).click();
    await shell.menu.getByRole('link', { name: 'Weather' }).click();

    const weather = new WeatherSearchPage(page);
    await expect(page).toHaveURL(/\/weather$/);
    await expect(page).toHaveTitle('Weather forecast – Asphalt Delivery Scheduler');
    await expect(weather.heading).toBeVisible();

    await weather.searchPostcode('SW1A 1AA');
    await expect(weather.sites.getByRole('radio')).toHaveCount(6);
    await expect(weather.site(0)).toContainText(/\d km$/);

    const first = (await weather.site(0).innerText()).split('\n')[0]?.trim() ?? '';
    await weather.site(0).click();
    await expect(weather.site(0)).toBeChecked();
    await expect(page).toHaveURL(/[?&]siteId=\d+/);
    await expect(weather.forecast).toHaveAccessibleName(`Forecast for ${first}`);
    await expect(weather.forecast.getByText('Simulated forecast')).toBeVisible();
    await expect(weather.forecastTable).toBeVisible();
    expect(await weather.hourRows().count()).toBeGreaterThan(24);
    await expect(weather.hourRows().first()).toContainText(/\d\d:\d\d/);
  });

  test('lists the sites nearest the device’s location', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 55.9521, longitude: -3.19 });
    const weather = new WeatherSearchPage(page);
    await new ShellPage(page).open('/weather');

    await weather.useMyLocation.click();

    await expect(weather.sites).toBeVisible();
    await expect(weather.site(0)).toContainText('Edinburgh');
    await expect(page.getByText('Near your location')).toBeVisible();
  });
});
