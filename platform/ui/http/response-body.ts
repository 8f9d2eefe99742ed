/** How a successful response body is read: `file` is a Blob with the name the server gave it. */
export type ResponseType = 'json' | 'blob' | 'text' | 'file';

/** A downloaded file: its content and the name from `Content-Disposition` (null when none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * The file name of a `Content-Disposition` header: `filename*` (RFC 5987, UTF-8) first, then
 * `filename`; null when there is none.
 *
 * @example fileNameOf('attachment; filename="deliveries.xlsx"') // 'deliveries.xlsx'
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  // RFC 5987: charset (any case), an optional language between the quotes, percent-encoded bytes.
  const encoded = /filename\*\s*=\s*(utf-8|iso-8859-1)'[^']*'([^;]+)/i.exec(disposition);
  if (encoded?.[2]) {
    const value = encoded[2].trim();
    try {
      return encoded[1]!.toLowerCase() === 'utf-8'
        ? decodeURIComponent(value)
        : value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
            String.fromCharCode(parseInt(hex, 16)),
          );
    } catch {
      // Not valid percent-encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

function parseJsonOrText(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Reads a successful body; an empty JSON body gives `null`. */
export async function readBody(response: Response, responseType: ResponseType): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  if (responseType === 'file') {
    const file: DownloadedFile = {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get('Content-Disposition')),
    };
    return file;
  }
  const text = await response.text();
  if (responseType === 'text') return text;
  return text.trim() === '' ? null : (JSON.parse(text) as unknown);
}

/**
 * Reads an error body whatever was asked for: a binary body is decoded as JSON first,
 * falling back to its text; an empty body gives `null`.
 */
export async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await (await response.blob()).text();
    return parseJsonOrText(text);
  } catch {
    return null;
  }
}
