import type { DatabaseHandle, Listening } from './connect';

/** How long an instance waits before listening again after its connection was lost. */
const listenAgainMs = 5_000;

export interface KeptListening {
  /** Whether the listening connection is open now (payloads are being heard). */
  isListening(): boolean;
  stop(): Promise<void>;
}

/**
 * Listens to a notification channel for as long as the app runs: a lost connection (or a
 * database that cannot be reached) is tried again every 5 s, and `onLost` tells the caller
 * the moment it is down (what was published meanwhile is not heard).
 */
export async function keepListening(
  listen: NonNullable<DatabaseHandle['listen']>,
  channel: string,
  onPayload: (payload: string) => void,
  log: { warn(details: object, message: string): void },
): Promise<KeptListening> {
  let listening: Listening | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const listenAgainLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, listenAgainMs);
    retry.unref();
  };
  const onLost = (error: Error) => {
    log.warn({ err: error }, `${channel}: the listening connection was lost`);
    const lost = listening;
    listening = null;
    void lost?.close();
    listenAgainLater();
  };
  async function connect() {
    try {
      const opened = await listen(channel, onPayload, onLost);
      if (stopped) await opened.close();
      else listening = opened;
    } catch (error) {
      log.warn({ err: error }, `${channel}: cannot listen to the database`);
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
