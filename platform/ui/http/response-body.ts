/** How a successful response body is read. */
export type ResponseType = 'json' | 'blob' | 'text';

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
