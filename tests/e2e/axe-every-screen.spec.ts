import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openInApp, screenPaths } from './support/screen-paths';
import { signInByApi } from './support/sign-in';

// WCAG 2.2 AA as axe-core checks it: every screen of the route list, as an administrator (who
// reaches them all) and as staff (whose screens differ: Mine deliveries, read-only rows), at a
// phone's width and a laptop's, with nothing critical or serious under WCAG 2.0-2.2 A and AA
// (axe's best practices are left out of the walk: they double its time). The known limits of
// the tool: colour contrast over images and gradients is left to the eye (axe reports it as
// "incomplete", not as a finding).

const sizes = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** axe-core's critical and serious findings on the page, as lines naming rule and element. */
async function graveFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html}`),
    );
}

/** Waits until the screen has drawn what it loads (no loader, no busy region). */
async function settled(page: Page) {
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 15_000,
  });
}

// The walk takes minutes (axe-core checks every node's contrast, 2-10 s a screen on the CI
// machine) and still has findings to fix (issue 34: entity forms at 390 px among them): it runs
// when asked, `AXE_EVERY_SCREEN=1 npx playwright test tests/e2e/axe-every-screen.spec.ts`
// (`AXE_ONLY="admin 390"` for one of its four walks), until it is clean and fast enough for CI.
// The findings depend on what the screens draw, not on the database under them.
test.skip(
  !process.env.AXE_EVERY_SCREEN || !!process.env.TEST_DATABASE_URL,
  'run by hand: AXE_EVERY_SCREEN=1, on PGlite',
);

const only = process.env.AXE_ONLY?.split(',');

for (const user of ['admin', 'employee1'] as const) {
  for (const size of sizes) {
    const name = `${user} ${size.width}`;
    if (only && !only.includes(name)) continue;
    test(`every screen passes axe-core as ${user} at ${size.width} px`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await signInByApi(page, user);
      await page.goto('/');
      // Staff open the screens outside the administration (the others refuse them).
      const paths = (await screenPaths(page)).filter(
        (path) => user === 'admin' || !/^\/(admin|hangfireview)/.test(path),
      );
      expect(paths.length).toBeGreaterThan(user === 'admin' ? 25 : 3);
      const findings: string[] = [];
      for (const path of paths) {
        const started = Date.now();
        await openInApp(page, path);
        await settled(page);
        const opened = Date.now();
        const found = await graveFindings(page);
        console.log(
          `${size.width} ${path} open ${opened - started} ms, axe ${Date.now() - opened} ms, ${found.length} findings`,
        );
        for (const line of found) console.log('   ', line.slice(0, 400));
        findings.push(...found.map((finding) => `${path}: ${finding}`));
      }
      expect(findings).toEqual([]);
    });
  }
}
