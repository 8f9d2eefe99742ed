import type { FastifyRequest } from 'fastify';
import { accountPaths, ticketScreenPaths } from '#metadata';

/** Path prefixes whose next segment is an account ticket (mailed links and their API call). */
const ticketPrefixes = [...Object.values(ticketScreenPaths), accountPaths.userByTicket].map(
  (prefix) => prefix.replace(/^\/+|\/+$/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
);
const ticketSegment = new RegExp(`(/(?:${ticketPrefixes.join('|')})/)[^/?#]+`, 'gi');

/** Query parameters whose value is a secret, by name (case and separators ignored). */
const secretNames = new Set([
  'ticket',
  'token',
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'code',
  'otp',
  'captcha',
  'recaptcha',
  'signature',
  'sig',
  'key',
  'apikey',
  'session',
  'sid',
  'jwt',
  'auth',
  'authorization',
]);
const secretSuffixes = ['ticket', 'token', 'password', 'secret'];

function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as written.
  }
  const plain = decoded.toLowerCase().replace(/[^a-z]/g, '');
  return secretNames.has(plain) || secretSuffixes.some((suffix) => plain.endsWith(suffix));
}

/**
 * A URL fit for the log: the ticket of `/resetpassword/{ticket}`, `/registerbyticket/{ticket}`,
 * `/confirmemail/{ticket}` and `GetUserByTicket/{ticket}` and the values of query parameters
 * such as `ticket`, `token`, `password` or `code` are replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(ticketSegment, '$1[redacted]');
  if (queryAt === -1) return redactedPath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretName(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** Text that may quote URLs (a browser's error report), with their tickets redacted. */
export function redactText(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.replace(/[^\s'"<>()]+/g, (word) => (/[/?]/.test(word) ? redactUrl(word) : word));
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(redactText);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactText(item)]));
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  const version = req.headers['accept-version'];
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * An absolute address without what may carry its credentials: user, password, query and
 * fragment (e.g. `?api_key=`), for messages and logs read by people who may not see them.
 * `hidden` says whether anything was left out; null when the text is no absolute URL.
 *
 * @example addressWithoutSecrets('https://u:p@units.example/list?key=1') // { address: 'https://units.example/list', hidden: true }
 */
export function addressWithoutSecrets(url: string): { address: string; hidden: boolean } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return {
    address: `${parsed.protocol}//${parsed.host}${parsed.pathname}`,
    hidden: Boolean(parsed.username || parsed.password || parsed.search || parsed.hash),
  };
}
