import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Slow salted hashing of the password digest the browser sends (SHA-512 hex), with Node's
 * built-in scrypt at an OWASP-recommended cost (N=2^15, r=8, p=3: 32 MiB, no native add-on).
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can rise later without breaking old hashes.
 */
const current = { N: 2 ** 15, r: 8, p: 3 };
const keyLength = 64;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 8) + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, current);
  return [
    'scrypt',
    current.N,
    current.r,
    current.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** True when the secret matches the stored hash; false for any malformed hash. */
export async function verifyPassword(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(secret, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when the hash was made with a lower cost than today's and should be redone. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== current.N || Number(r) !== current.r || Number(p) !== current.p;
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so unknown user names are not told apart by timing. */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(secret, await dummyHash);
  return false;
}
