/** How long a call waits for the fingerprint before it goes without one. */
const patienceMs = 1500;

let pending: Promise<string | null> | undefined;

/** Computes the fingerprint once, loading its library only now (it is not in the first bundle). */
function compute(): Promise<string | null> {
  pending ??= import('@fingerprintjs/fingerprintjs')
    .then(async ({ load }) => {
      // No installation statistics: the library would call its own server otherwise.
      const agent = await load({ monitoring: false });
      return (await agent.get()).visitorId;
    })
    .catch(() => null);
  return pending;
}

/**
 * The browser's `FingerPrint` as the spec's sign-in and account calls carry it: a stable hash of
 * its traits (screen, fonts, canvas, audio, time zone, ...) by the open-source FingerprintJS,
 * recorded with the call in the login audit. It identifies a browser loosely, for an
 * administrator comparing entries, and proves nothing. Null when it cannot be had within 1.5 s
 * (the call goes without it rather than wait); the first call starts it, later ones reuse it.
 *
 * @example
 * const body = { User, Pass, Save, FingerPrint: await browserFingerprint() };
 */
export async function browserFingerprint(): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), patienceMs);
  });
  try {
    return await Promise.race([compute(), giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the fingerprint while the user types, so that the call need not wait for it. */
export function prepareBrowserFingerprint(): void {
  void compute();
}
