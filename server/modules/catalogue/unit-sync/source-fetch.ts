import { addressWithoutSecrets } from '../../../security/log-redaction';

/** The most a source may send: a recording system's unit list is a few hundred rows. */
export const maxSourceBytes = 2 * 1024 * 1024;

/** Why the source could not be read: not configured (the caller's to fix) or failing (502). */
export class SyncSourceError extends Error {
  constructor(
    readonly kind: 'unconfigured' | 'unreachable' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'SyncSourceError';
  }
}

/**
 * An address as messages show it, without credentials (see `addressWithoutSecrets`): the
 * messages reach whoever manages units, not only the settings administrators who set it.
 */
export const shownAddress = (url: string): string =>
  addressWithoutSecrets(url)?.address ?? 'at the configured address';

/** Every address in a text, as `shownAddress` shows it. */
const withoutSecrets = (text: string) =>
  text.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, (address) => shownAddress(address));

function reason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
  return withoutSecrets(error instanceof Error ? error.message : String(error));
}

async function boundedText(response: Response, shown: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new SyncSourceError(
      'unreachable',
      `The units source ${shown} sent more than ${maxSourceBytes / 1024} KB, the most the sync reads.`,
    );
  if (Number.isFinite(declared) && declared > maxSourceBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxSourceBytes) throw tooLarge();
      chunks.push(chunk);
    }
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

/** GETs the source's text within the timeout and the size bound; failures say why in words. */
export async function fetchSourceText(
  url: string,
  accept: string,
  timeoutMs: number,
): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  const shown = shownAddress(url);
  try {
    // Redirects are not followed: a source (or whoever took it over) could otherwise send the
    // server to any address, the loopback or a cloud metadata service included.
    const response = await fetch(url, { headers: { accept }, signal, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new SyncSourceError(
        'unreachable',
        `The units source ${shown} redirects elsewhere (${response.status}); set its final address in Units.SyncSourceUrl.`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SyncSourceError(
        'unreachable',
        `The units source ${shown} answered ${response.status} ${response.statusText}`.trim() + '.',
      );
    }
    return await boundedText(response, shown);
  } catch (error) {
    if (error instanceof SyncSourceError) throw error;
    if (signal.aborted) {
      throw new SyncSourceError(
        'unreachable',
        `The units source ${shown} did not answer within ${timeoutMs / 1000} s.`,
      );
    }
    throw new SyncSourceError(
      'unreachable',
      `The units source ${shown} could not be reached (${reason(error)}).`,
    );
  }
}
