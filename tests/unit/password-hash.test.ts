import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config/config';
import {
  hashCostFor,
  needsRehash,
  productionHashCost,
  testHashCost,
} from '../../server/security/password-hash';

/** The module as a process with exactly these variables would load it. */
async function loadWith(env: { PASSWORD_HASH_COST?: string; NODE_ENV?: string }) {
  vi.resetModules();
  vi.stubEnv('PASSWORD_HASH_COST', env.PASSWORD_HASH_COST);
  vi.stubEnv('NODE_ENV', env.NODE_ENV);
  return import('../../server/security/password-hash');
}

const productionPrefix = 'scrypt$32768$8$3$';

describe('password hashing cost', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('hashes at the production cost (N=2^15, r=8, p=3) when no test cost is asked for', async () => {
    const { hashPassword, verifyPassword } = await loadWith({});
    const hash = await hashPassword('secret');
    expect(hash.startsWith(productionPrefix)).toBe(true);
    expect(await verifyPassword('secret', hash)).toBe(true);
    for (const NODE_ENV of [undefined, 'production', 'test']) {
      expect(hashCostFor({ NODE_ENV })).toBe(productionHashCost);
    }
  });

  it('ignores PASSWORD_HASH_COST=test outside a test run, and any other value', async () => {
    for (const env of [
      { PASSWORD_HASH_COST: 'test' },
      { PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' },
      { PASSWORD_HASH_COST: 'cheap', NODE_ENV: 'test' },
      { PASSWORD_HASH_COST: 'TEST', NODE_ENV: 'test' },
    ]) {
      expect(hashCostFor(env)).toBe(productionHashCost);
    }
    // A server started with the variable alone, as a misconfigured production one would be.
    const { hashPassword } = await loadWith({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' });
    expect((await hashPassword('secret')).startsWith(productionPrefix)).toBe(true);
  });

  it('has nothing in the server configuration that could lower the cost', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' })).toEqual(loadConfig({}));
  });

  it('uses the cheap cost only in a test run that asks for it', async () => {
    const env = { PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' };
    expect(hashCostFor(env)).toBe(testHashCost);
    const { hashPassword, verifyPassword } = await loadWith(env);
    const hash = await hashPassword('secret');
    expect(hash.startsWith(`scrypt$${testHashCost.N}$${testHashCost.r}$${testHashCost.p}$`)).toBe(
      true,
    );
    expect(await verifyPassword('secret', hash)).toBe(true);
    expect(await verifyPassword('other', hash)).toBe(false);
  });

  it('rehashes weaker hashes upwards in production and never downgrades a strong one', () => {
    const salted = (cost: { N: number; r: number; p: number }) =>
      `scrypt$${cost.N}$${cost.r}$${cost.p}$c2FsdA==$aGFzaA==`;
    expect(needsRehash(salted(productionHashCost), productionHashCost)).toBe(false);
    expect(needsRehash(salted(testHashCost), productionHashCost)).toBe(true);
    expect(needsRehash(salted({ N: 2 ** 14, r: 8, p: 3 }), productionHashCost)).toBe(true);
    expect(needsRehash(salted({ N: 2 ** 16, r: 8, p: 3 }), productionHashCost)).toBe(false);
    // Under the test cost a production hash is kept as it is.
    expect(needsRehash(salted(productionHashCost), testHashCost)).toBe(false);
    expect(needsRehash(salted(testHashCost), testHashCost)).toBe(false);
    expect(needsRehash('scrypt$x$y$z$a$b', productionHashCost)).toBe(true);
    expect(needsRehash('', productionHashCost)).toBe(true);
  });
});
