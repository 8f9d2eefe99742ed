import { createHash } from 'node:crypto';

/** What the browser sends as Pass: lowercase hex SHA-512 of the UTF-8 password. */
export function browserDigest(password: string): string {
  return createHash('sha512').update(password, 'utf8').digest('hex');
}

/** A well-formed browser digest: 128 lowercase hex characters. */
export const browserDigestPattern = '^[0-9a-f]{128}$';
