import type { DatabaseHandle, Listening } from './connect';

/**
 * How long an instance waits before listening again after its connection was lost (or could
 * not be opened): short, so live updates resume within seconds of the database's return.
 */
const listenAgainMs = 1_000;

export interface KeptListening {
  /** Whether the listening connection is open now (payloads are being heard). */
  isListening(): boolean;
  stop(): Promise<void>;
}

/**
 * Listens to a notification channel for as long as the app runs: a lost connection (or a
 * database that cannot be reached) is tried again every second. What was published while it
 * was down is not heard: `onListeningAgain` runs each time it listens again after a loss, for
 * the caller to catch up (forget what it cached, say).
 */
export async function keepListening(
  listen: NonNullable<DatabaseHandle['listen']>,
  channel: string,
  onPayload: (payload: string) => void,
  log: { warn(details: object, message: string): void },
  onListeningAgain?: () => void,
): Promise<KeptListening> {
  let listening: Listening | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let lostSince: number | null = null;

  const listenAgainLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, listenAgainMs);
    retry.unref();
  };
  const onLost = (error: Error) => {
    lostSince ??= Date.now();
    log.warn({ err: error }, `${channel}: the listening connection was lost`);
    const lost = listening;
    listening = null;
    void lost?.close();
    listenAgainLater();
  };
  async function connect() {
    try {
      const opened = await listen(channel, onPayload, onLost);
      if (stopped) return await opened.close();
      listening = opened;
      if (lostSince !== null) {
        log.warn({ downMs: Date.now() - lostSince }, `${channel}: listening again`);
        lostSince = null;
        onListeningAgain?.();
      }
    } catch (error) {
      // Said once an outage, not at every try.
      if (lostSince === null) log.warn({ err: error }, `${channel}: cannot listen to the database`);
      lostSince ??= Date.now();
      listenAgainLater();
    }
  }
  await connect();

  return {
    isListening: () => listening !== null,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await listening?.close();
      listening = null;
    },
  };
}
