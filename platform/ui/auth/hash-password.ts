/** Thrown when the browser offers no Web Crypto, which it does only in secure contexts. */
export class PasswordHashingUnavailableError extends Error {
  override readonly name = 'PasswordHashingUnavailableError';

  constructor() {
    super('Passwords can only be hashed in a secure context (HTTPS or localhost).');
  }
}

/**
 * The password as the server expects it: the lowercase hex SHA-512 digest of its UTF-8
 * bytes, so the typed password itself never leaves the browser. Web Crypto exists only in
 * secure contexts; elsewhere this rejects with `PasswordHashingUnavailableError`.
 *
 * @example const Pass = await hashPassword('Demo-2026!'); // 128 hex characters
 */
export async function hashPassword(password: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new PasswordHashingUnavailableError();
  const digest = await subtle.digest('SHA-512', new TextEncoder().encode(password));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
