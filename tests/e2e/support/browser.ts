import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH) when present; otherwise Playwright's own browser. */
export function systemChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}
