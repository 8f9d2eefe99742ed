import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Slow salted hashing of the password digest the browser sends (SHA-512 hex), with Node's
 * built-in scrypt at an OWASP-recommended cost (N=2^15, r=8, p=3: 32 MiB, no native add-on).
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can rise later without breaking old hashes.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost of every hash a real installation makes. */
export const productionHashCost: Readonly<ScryptCost> = Object.freeze({ N: 2 ** 15, r: 8, p: 3 });

/** A cheap cost for the test suite only (1 MiB, about 100 times faster): never in production. */
export const testHashCost: Readonly<ScryptCost> = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

/**
 * The cost to hash with: the production cost, unless the process is a test run that asks for
 * the cheap one (`PASSWORD_HASH_COST=test` together with `NODE_ENV=test`, as vitest and the
 * browser tests' server set). Either variable alone, or any other value, changes nothing.
 */
export function hashCostFor(env: NodeJS.ProcessEnv): Readonly<ScryptCost> {
  return env.PASSWORD_HASH_COST === 'test' && env.NODE_ENV === 'test'
    ? testHashCost
    : productionHashCost;
}

/** Read once, at load: the cost cannot change while the process runs. */
const current = hashCostFor(process.env);
const keyLength = 64;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 8) + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new salted hash of the secret, at today's cost unless another is given. */
export async function hashPassword(
  secret: string,
  cost: Readonly<ScryptCost> = current,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
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

/**
 * True when the hash was made with a lower cost than today's and should be redone. A hash of
 * a higher cost is kept: it is at least as strong (and a test run never weakens one).
 */
export function needsRehash(stored: string, cost: Readonly<ScryptCost> = current): boolean {
  const [, n, r, p] = stored.split('$').map(Number);
  if (!n || !r || !p) return true;
  return n < cost.N || r < cost.r || p < cost.p;
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so unknown user names are not told apart by timing. */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(secret, await dummyHash);
  return false;
}
