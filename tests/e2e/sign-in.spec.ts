import { expect, test } from '@playwright/test';
import { demoAccounts, demoPassword, type RouteDefinition } from '../../metadata';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { UserMenu } from './pages/user-menu';

function fullName(name: string): string {
  const account = demoAccounts.find((candidate) => candidate.Name === name);
  if (!account) throw new Error(`No demo account ${name}.`);
  return `${account.FirstName} ${account.Surname}`;
}

test.describe('sign-in', () => {
  test('an administrator signs in through the form and signs out again', async ({ page }) => {
    const login = new LoginPage(page);
    const menu = new UserMenu(page);
    await login.open();
    await login.signIn('admin', demoPassword);

    await expect(page).toHaveURL(/\/$/);
    await menu.expectSignedInAs(fullName('admin'));
    await expect(
      new ShellPage(page).main.getByRole('heading', { level: 1, name: 'Deliveries' }),
    ).toBeVisible();

    await menu.signOut(fullName('admin'));
    await login.expectShown();
    await expect(menu.button(fullName('admin'))).toBeHidden();
    // The home page is for signed-in staff: signed out, it asks for sign-in again.
    await page.goto('/');
    await login.expectShown();
  });

  test('a wrong password is refused with its message, and the form can be used again', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('demo', 'not-the-password');

    await expect(login.message).toHaveText('The user name or password is incorrect.');
    await expect(login.signInButton).toBeEnabled();
    await expect(login.userName).toBeEditable();
    await expect(page).toHaveURL(/\/login$/);

    await login.signIn('demo', demoPassword);
    await new UserMenu(page).expectSignedInAs(fullName('demo'));
  });

  test('the demo shortcut signs in as employee1 in one click', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await expect(login.demoAccounts.getByRole('button')).toHaveCount(demoAccounts.length);

    const sent = page.waitForRequest('**/api/auth/login');
    await login.demoAccount('employee1').click();

    expect((await sent).postDataJSON()).toMatchObject({ User: 'employee1', Save: false });
    expect((await sent).postData()).not.toContain(demoPassword);
    await expect(page).toHaveURL(/\/$/);
    await new UserMenu(page).expectSignedInAs(fullName('employee1'));
  });

  test('remember me keeps the session beyond the browser session', async ({ page, context }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('manager', demoPassword, { remember: true });
    await new UserMenu(page).expectSignedInAs(fullName('manager'));

    const session = (await context.cookies()).find((cookie) => cookie.name === 'session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 60 * 60);
  });

  test('an anonymous deep link is remembered and opened after sign-in', async ({ page }) => {
    // No built screen needs sign-in yet, so the routes list is made to say the report page does.
    await page.route('**/api/routes', async (route) => {
      const response = await route.fetch();
      const definitions = (await response.json()) as RouteDefinition[];
      const json = definitions.map((definition) =>
        definition.name === 'reportaproblem'
          ? { ...definition, Permission: 'authorized' }
          : definition,
      );
      await route.fulfill({ response, json });
    });
    const login = new LoginPage(page);

    await page.goto('/about/reportaproblem?from=link');
    await login.expectShown();
    await login.signIn('admin', demoPassword);

    await expect(page).toHaveURL(/\/about\/reportaproblem\?from=link$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Report a problem' })).toBeVisible();
  });

  test('after repeated failures the robot check is solved in the browser and accepted', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    for (let attempt = 0; attempt < 3 && !(await login.captcha.isVisible()); attempt += 1) {
      await login.signIn('groupadmin', 'not-the-password');
      await expect(login.message).toBeVisible();
      await expect(login.signInButton).toBeEnabled();
    }
    await expect(login.captcha).toBeVisible();

    await login.signIn('groupadmin', demoPassword);
    await expect(login.message).toHaveText('Please confirm you are not a robot to continue.');

    await login.captcha.getByText("I'm not a robot").click();
    await expect(login.captcha).toContainText('Verified', { timeout: 30_000 });
    const sent = page.waitForRequest('**/api/auth/LoginWithRecaptcha');
    await login.signInButton.click();

    expect((await sent).postDataJSON()).toMatchObject({ User: 'groupadmin' });
    await new UserMenu(page).expectSignedInAs(fullName('groupadmin'));
  });
});
