import { browserDigest } from '../../security/browser-digest';

function caseVariants(name: string): string[] {
  const lower = name.toLowerCase();
  const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
  return [...new Set([name, lower, name.toUpperCase(), capitalised])];
}

/**
 * True when the password digest the browser sent is the digest of the user name. The rule is
 * "not the user name, in any case"; the browser checks it fully, while the server, which sees
 * only the digest, catches the name as typed, in lower case, in upper case and capitalised.
 */
export function isUserNameDigest(digest: string, userName: string): boolean {
  const name = userName.trim();
  return name !== '' && caseVariants(name).some((variant) => browserDigest(variant) === digest);
}
