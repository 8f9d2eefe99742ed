import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieIsSecure } from '../../plugins/session-cookie';

/**
 * Device cookies (OWASP's answer to lockout and flood abuse): a browser where a name signed in
 * with its password carries a signed cookie naming it. A later sign-in of that name from that
 * browser is trusted: it takes a password-hashing turn before anonymous attempts, passes the
 * limit shared by every address, and is counted for lockout on its own, so that a flood of
 * wrong passwords for the name from elsewhere neither delays nor locks its owner.
 */
export const deviceCookieName = 'device';

/** How long a device stays trusted after the name last signed in on it. */
const trustedForDays = 90;

interface DeviceClaims {
  /** The login name, lower-cased. */
  n: string;
  /** The device's random id: its own failure count. */
  d: string;
  /** Seconds since the epoch when it was issued. */
  t: number;
}

/** A trusted sign-in: the device's id, by which its failures are counted apart. */
export interface TrustedDevice {
  id: string;
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`device:${body}`).digest('base64url');

function readClaims(request: FastifyRequest, secret: string): DeviceClaims | null {
  const cookie = request.cookies[deviceCookieName];
  if (!cookie) return null;
  const [body, signature] = cookie.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DeviceClaims;
    const ageSeconds = Date.now() / 1000 - claims.t;
    if (typeof claims.n !== 'string' || typeof claims.d !== 'string') return null;
    return ageSeconds >= 0 && ageSeconds < trustedForDays * 86_400 ? claims : null;
  } catch {
    return null;
  }
}

/** The trusted device of this sign-in, when its cookie names the login name being tried. */
export function trustedDeviceFor(
  request: FastifyRequest,
  secret: string,
  loginName: string,
): TrustedDevice | null {
  const claims = readClaims(request, secret);
  return claims && claims.n === loginName.trim().toLowerCase() ? { id: claims.d } : null;
}

/** Marks the browser trusted for the name that just signed in (keeping its id if it had one). */
export function trustDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  loginName: string,
  publicUrl: string | null,
): void {
  const name = loginName.trim().toLowerCase();
  const previous = readClaims(request, secret);
  const claims: DeviceClaims = {
    n: name,
    d: previous?.n === name ? previous.d : randomBytes(12).toString('base64url'),
    t: Math.floor(Date.now() / 1000),
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  reply.setCookie(deviceCookieName, `${body}.${sign(secret, body)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(request, publicUrl),
    path: '/api/auth',
    maxAge: trustedForDays * 86_400,
  });
}

/** The key under which a trusted device's failures for a name are counted (never a typed name). */
export const deviceFailureKey = (loginName: string, device: TrustedDevice) =>
  `${loginName.trim()}\u001fdevice ${device.id}`;
