import { execFileSync } from 'node:child_process';
import { systemChromium } from './browser';

// A machine with a system Chromium uses it; any other gets Playwright's own, downloaded once.
if (systemChromium()) {
  console.log(`e2e: using ${systemChromium()}`);
} else {
  console.log('e2e: no system Chromium found; installing Playwright’s Chromium');
  execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
}
