import { defineConfig, devices } from '@playwright/test';
import { availableParallelism } from 'node:os';
import { systemChromium } from './tests/e2e/support/browser';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = systemChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  // E2E_RESULTS, E2E_PORT, E2E_SMTP_PORT (and STATIC_DIR for an app built elsewhere) let two
  // runs share a checkout without meeting.
  outputDir: `${process.env.E2E_RESULTS ?? 'test-results'}/e2e`,
  // The specs may run side by side against the one server: they share its demo data but not
  // what they change (each creates records of its own: unit codes, accounts), sessions are per
  // browser context, and the sign-ins failed on purpose until the robot check use an account
  // (groupadmin) no other spec signs in with. Keep it so for new specs, or mark them serial.
  fullyParallel: true,
  // A browser keeps about two cores busy (renderer, GPU and browser processes): on the
  // two-core CI machine a second worker only made every test twice as slow (measured: 53 s
  // against 55 s for 13 tests, with timeouts), so one worker per two cores.
  workers: Math.max(1, Math.floor(availableParallelism() / 2)),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // DOM snapshots and network for a failed test's trace, without the screencast: recording
    // it made every test a third slower (shell.spec: 35 s against 23 s of test time).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: executablePath
          ? {
              executablePath,
              args: [
                '--headless',
                '--no-sandbox',
                '--disable-gpu',
                '--disable-background-networking',
                '--disable-component-update',
                '--disable-sync',
                '--no-first-run',
                '--disable-quic',
              ],
            }
          : {},
      },
    },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/support/start-server.ts',
    url: `${baseURL}/health`,
    // Every browser test signs in from the same address: lift the per-address sign-in limit.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '600',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
