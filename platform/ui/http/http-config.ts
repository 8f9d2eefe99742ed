/** What the HTTP client needs from the application, injected so the client stays generic. */
export interface HttpConfig {
  /** Moves to an in-app path, e.g. the router's navigate. */
  navigate: (path: string) => void;
  /** Translates a key, e.g. i18next's `t`. */
  translate: (key: string) => string;
}

const defaults: HttpConfig = {
  navigate: (path) => window.location.assign(path),
  translate: (key) => key,
};

let current: HttpConfig = { ...defaults };

/**
 * Plugs navigation and translation into the HTTP client's global error handling.
 *
 * @example
 * configureHttp({ navigate: (path) => router.navigate(path), translate: (key) => i18n.t(key) });
 */
export function configureHttp(overrides: Partial<HttpConfig>): void {
  current = { ...current, ...overrides };
}

/** Back to the defaults: `window.location.assign` and untranslated keys. */
export function resetHttpConfig(): void {
  current = { ...defaults };
}

/** The configuration in force. */
export function httpConfig(): HttpConfig {
  return current;
}
