import { AppError } from '../errors/app-error';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash';

export interface HashQueueOptions {
  /** Hashes run at once; more only wait, since each one keeps a core busy and 32 MiB in use. */
  concurrency: number;
  /** Hashes waiting for a turn; one more is refused at once. */
  maxWaiting: number;
}

/** The slow password checks of one server, taken in turns. */
export interface HashQueue {
  hash(secret: string): Promise<string>;
  verify(secret: string, stored: string): Promise<boolean>;
  verifyAgainstDummy(secret: string): Promise<false>;
}

const busyMessage = 'The server is busy signing other people in; try again in a few seconds.';

/**
 * Runs password hashing behind a bounded queue, so that a flood of sign-ins cannot take every
 * core (and every other request with it): a hash beyond the queue fails at once with a 503
 * `ServiceUnavailable` whose `retryAfterSeconds` is the time the queue takes to drain.
 *
 * @example
 * const hashing = createHashQueue({ concurrency: 4, maxWaiting: 32 });
 * const matches = await hashing.verify(digest, user.passwordHash);
 */
export function createHashQueue({ concurrency, maxWaiting }: HashQueueOptions): HashQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  let averageMs = 100;

  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  const inTurn = async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < concurrency) running += 1;
    else if (waiting.length < maxWaiting) await new Promise<void>((turn) => waiting.push(turn));
    else {
      const drainMs = ((waiting.length + running) / concurrency) * averageMs;
      throw new AppError('ServiceUnavailable', busyMessage, [], {
        retryAfterSeconds: Math.max(1, Math.ceil(drainMs / 1000)),
      });
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      averageMs = averageMs * 0.8 + (performance.now() - started) * 0.2;
      done();
    }
  };

  return {
    hash: (secret) => inTurn(() => hashPassword(secret)),
    verify: (secret, stored) => inTurn(() => verifyPassword(secret, stored)),
    verifyAgainstDummy: (secret) => inTurn(() => verifyAgainstDummy(secret)),
  };
}
