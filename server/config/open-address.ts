const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);
const everyInterface = new Set(['0.0.0.0', '::']);

/** Whether the server listening on `host` can be reached from this machine only. */
export function isLoopbackHost(host: string): boolean {
  return loopbackHosts.has(host) || host.startsWith('127.');
}

/**
 * The address a person should open in a browser: PUBLIC_URL when set, else `localhost` for a
 * loopback or every-interface listener (browsers treat it as a secure origin, which the
 * sign-in's Web Crypto needs), else the host the server listens on.
 *
 * @example openAddress({ host: '0.0.0.0', port: 8080, publicUrl: null }) // 'http://localhost:8080'
 */
export function openAddress({
  host,
  port,
  publicUrl,
}: {
  host: string;
  port: number;
  publicUrl: string | null;
}): string {
  if (publicUrl) return publicUrl;
  if (isLoopbackHost(host) || everyInterface.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
