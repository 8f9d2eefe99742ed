import { AppError } from '../errors/app-error';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash';

export interface HashQueueOptions {
  /** Hashes run at once; more only wait, since each one keeps a core busy and 32 MiB in use. */
  concurrency: number;
  /** Hashes waiting for a turn; one more is refused at once. */
  maxWaiting: number;
}

/**
 * Whose hash it is: `trusted` (a name signing in again on a device where it signed in before,
 * or a signed-in user changing their password) is served before `anyone`, and has a waiting
 * line of its own that a flood of anonymous attempts cannot fill.
 */
export type HashLane = 'trusted' | 'anyone';

/** The slow password checks of one server, taken in turns. */
export interface HashQueue {
  hash(secret: string, lane?: HashLane): Promise<string>;
  verify(secret: string, stored: string, lane?: HashLane): Promise<boolean>;
  verifyAgainstDummy(secret: string, lane?: HashLane): Promise<false>;
  /** Hashes the server can run in a minute at the pace of the recent ones. */
  capacityPerMinute(): number;
}

const busyMessage = 'The server is busy signing other people in; try again in a few seconds.';

/**
 * Runs password hashing behind a bounded queue, so that a flood of sign-ins cannot take every
 * core (and every other request with it): a hash beyond the queue fails at once with a 503
 * `ServiceUnavailable` whose `retryAfterSeconds` is the time the queue takes to drain. Each lane
 * waits in a line of `maxWaiting`; a freed turn goes to the trusted line first.
 *
 * @example
 * const hashing = createHashQueue({ concurrency: 4, maxWaiting: 32 });
 * const matches = await hashing.verify(digest, user.passwordHash);
 */
export function createHashQueue({ concurrency, maxWaiting }: HashQueueOptions): HashQueue {
  let running = 0;
  const waiting: Record<HashLane, (() => void)[]> = { trusted: [], anyone: [] };
  let averageMs = 100;

  const done = () => {
    const next = waiting.trusted.shift() ?? waiting.anyone.shift();
    if (next) next();
    else running -= 1;
  };

  const inTurn = async <T>(lane: HashLane, task: () => Promise<T>): Promise<T> => {
    const line = waiting[lane];
    if (running < concurrency) running += 1;
    else if (line.length < maxWaiting) await new Promise<void>((turn) => line.push(turn));
    else {
      const ahead = waiting.trusted.length + (lane === 'anyone' ? line.length : 0);
      const drainMs = ((ahead + running) / concurrency) * averageMs;
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
    hash: (secret, lane = 'anyone') => inTurn(lane, () => hashPassword(secret)),
    verify: (secret, stored, lane = 'anyone') => inTurn(lane, () => verifyPassword(secret, stored)),
    verifyAgainstDummy: (secret, lane = 'anyone') => inTurn(lane, () => verifyAgainstDummy(secret)),
    capacityPerMinute: () => Math.floor((concurrency * 60_000) / Math.max(1, averageMs)),
  };
}
