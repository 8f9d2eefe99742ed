import Bowser from 'bowser';

export interface ParsedUserAgent {
  browser: string | null;
  browserVersion: string | null;
  platform: string | null;
}

export function parseUserAgent(userAgent: string | undefined): ParsedUserAgent {
  if (!userAgent) return { browser: null, browserVersion: null, platform: null };
  const parsed = Bowser.parse(userAgent);
  return {
    browser: parsed.browser.name ?? null,
    browserVersion: parsed.browser.version ?? null,
    platform:
      [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') ||
      null,
  };
}
