import { createHmac } from 'node:crypto';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Payload,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * The self-hosted proof-of-work captcha (ALTCHA): no third party is involved. A challenge is
 * signed with a key derived from the server's secret and expires; each solution is accepted
 * once (the caller records used signatures).
 */
export interface CaptchaSettings {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from this range; the browser tries about half of it. */
  counterMin: number;
  counterMax: number;
  expiresInSeconds: number;
}

export interface VerifiedCaptcha {
  signature: string;
  expiresAt: Date;
}

const algorithm = 'PBKDF2/SHA-256';

function secrets(serverSecret: string) {
  const derive = (purpose: string) =>
    createHmac('sha256', serverSecret).update(`captcha:${purpose}`).digest('base64url');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

export function createCaptchaChallenge(
  serverSecret: string,
  settings: CaptchaSettings,
): Promise<Challenge> {
  return createChallenge({
    algorithm,
    cost: settings.cost,
    counter: randomInt(settings.counterMin, settings.counterMax),
    deriveKey,
    expiresAt: new Date(Date.now() + settings.expiresInSeconds * 1000),
    ...secrets(serverSecret),
  });
}

function decodePayload(payload: string): Payload | null {
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload>;
    if (!decoded.challenge?.parameters || !decoded.solution) return null;
    return decoded as Payload;
  } catch {
    return null;
  }
}

/** The verified challenge's signature and expiry, or null for anything not a valid solution. */
export async function verifyCaptcha(
  serverSecret: string,
  payload: string,
): Promise<VerifiedCaptcha | null> {
  const decoded = decodePayload(payload);
  if (!decoded?.challenge.signature || decoded.challenge.parameters.algorithm !== algorithm)
    return null;
  try {
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      ...secrets(serverSecret),
    });
    if (!result.verified) return null;
  } catch {
    return null;
  }
  const expiresAt = decoded.challenge.parameters.expiresAt;
  return {
    signature: decoded.challenge.signature,
    expiresAt: new Date(expiresAt ? expiresAt * 1000 : Date.now() + 3_600_000),
  };
}
