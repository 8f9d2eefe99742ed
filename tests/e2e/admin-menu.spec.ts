import { expect, test } from '@playwright/test';
import { demoPassword } from '../../metadata';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';

const adminItems = [
  'Users',
  'Roles',
  'Groups',
  'Companies',
  'Permissions',
  'Units',
  'Materials',
  'Audit log',
];

test.describe('the administration menu', () => {
  test('an administrator signs in through the form and finds every administration screen', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', demoPassword);
    await expect(page).toHaveURL(/\/$/);

    const shell = new ShellPage(page);
    await shell.menu.getByRole('button', { name: 'Administration' }).click();
    for (const item of adminItems) {
      await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'employee1' })).toBeVisible();
  });

  test('an employee sees no administration items and is refused the users screen', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('employee1', demoPassword);
    await expect(page).toHaveURL(/\/$/);

    const shell = new ShellPage(page);
    await expect(shell.menu.getByRole('link', { name: 'Deliveries' })).toBeVisible();
    await expect(shell.menu.getByRole('button', { name: 'Administration' })).toHaveCount(0);

    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});
