import type { LightMyRequestResponse } from 'fastify';
import { signIn } from './sign-in';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A file as a browser's file input sends it. */
export interface UploadedFile {
  name: string;
  data: Buffer | Uint8Array | string;
  /** Its Content-Type; what a browser sends for a file it has no type for by default. */
  type?: string;
}

const boundary = '----api-client-upload';

/** The multipart/form-data body of one file in the field `file`. */
const multipartOf = (file: UploadedFile) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : Buffer.from(file.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

/** HTTP calls to the test app, each signed in as one of the demo users (or none), cookies cached. */
export function apiClient(t: TestApp) {
  const cookies = new Map<string, string>();
  const cookieOf = async (user: string) => {
    if (!cookies.has(user)) cookies.set(user, await signIn(t.app, user));
    return cookies.get(user)!;
  };
  // What a browser's fetch from the app itself sends (state-changing GETs require it).
  const headersOf = async (user: string | null) => ({
    'sec-fetch-site': 'same-origin',
    ...(user ? { cookie: await cookieOf(user) } : {}),
  });
  const call = async (
    user: string | null,
    method: Method,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: await headersOf(user),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    get: (user: string | null, url: string) => call(user, 'GET', url),
    post: (user: string | null, url: string, payload: unknown) => call(user, 'POST', url, payload),
    put: (user: string | null, url: string, payload: unknown) => call(user, 'PUT', url, payload),
    /**
     * POSTs one file as the browser's file button does (multipart/form-data); `headers` adds to
     * or replaces what the application's own page sends (a foreign `Origin`, ...).
     */
    upload: async (
      user: string | null,
      url: string,
      file: UploadedFile,
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          ...(await headersOf(user)),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...headers,
        },
        payload: multipartOf(file),
      }),
    /** Forgets a cached session cookie (after its session was ended). */
    forget: (user: string) => cookies.delete(user),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
