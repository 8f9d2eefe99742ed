import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogStore } from '../../platform/ui/dialogs';
import {
  configureHttp,
  http,
  HttpError,
  resetHttpConfig,
  useLastError,
  usePageReveal,
} from '../../platform/ui/http';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();

function lastRequest(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureHttp({ navigate, translate: (key) => `t:${key}` });
  usePageReveal.getState().conceal();
  useLastError.getState().clear();
});

afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  resetHttpConfig();
  useDialogStore.getState().closeAll();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('normalises relative URLs and builds the query string', async () => {
    fetchMock.mockImplementation(async () => json([]));
    await http.get('api/users', {
      query: {
        active: true,
        top: 10,
        name: 'a b&c',
        skip: undefined,
        none: null,
        role: ['x', 'y'],
      },
    });
    expect(lastRequest().url).toBe('/api/users?active=true&top=10&name=a+b%26c&role=x&role=y');

    await http.get('/odata/Units?$count=true', { query: { $top: 5 } });
    expect(lastRequest().url).toBe('/odata/Units?$count=true&%24top=5');

    await http.get('https://example.test/x');
    expect(lastRequest().url).toBe('https://example.test/x');
  });

  it('sends JSON with same-origin credentials, the Accept header and its own mark', async () => {
    fetchMock.mockResolvedValue(json({ Id: 7 }));
    const result = await http.post<{ Id: number }>('api/units', {
      body: { Code: 'U1' },
      headers: { 'X-Test': '1' },
    });

    expect(result).toEqual({ Id: 7 });
    const { init } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"Code":"U1"}');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      'X-Test': '1',
    });
  });

  it('uses the method of each shortcut', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await http.put('api/a', { body: {} });
    expect(lastRequest().init.method).toBe('PUT');
    await http.delete('api/a');
    expect(lastRequest().init.method).toBe('DELETE');
    await http.request('PATCH', 'api/a');
    expect(lastRequest().init.method).toBe('PATCH');
  });
});

describe('successful responses', () => {
  it('reads an empty JSON body as null', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(http.delete('api/units/1')).resolves.toBeNull();
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(http.get('api/units/1')).resolves.toBeNull();
  });

  it('reads text and blob bodies when asked', async () => {
    fetchMock.mockResolvedValue(new Response('plain words'));
    await expect(http.get('api/text', { responseType: 'text' })).resolves.toBe('plain words');

    fetchMock.mockResolvedValue(new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' })));
    const file = await http.get<Blob>('api/report.pdf', { responseType: 'blob' });
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe('%PDF-1.7');
    expect(file.type).toBe('application/pdf');
  });
});

describe('failed responses', () => {
  it('throws HttpError with status, decoded body and message', async () => {
    fetchMock.mockResolvedValue(json({ Message: 'Code is taken' }, 409));
    const error = await http.post('api/units', { body: {}, errorHandling: 'none' }).catch((e) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      url: '/api/units',
      body: { Message: 'Code is taken' },
      message: 'Code is taken',
    });
  });

  it('decodes a binary error body as JSON, falling back to its text', async () => {
    const blobError = new Blob([JSON.stringify({ ExceptionMessage: 'Report failed' })], {
      type: 'application/octet-stream',
    });
    fetchMock.mockResolvedValue(new Response(blobError, { status: 500 }));
    const error = await http
      .get('api/report', { responseType: 'blob', errorHandling: 'none' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, body: { ExceptionMessage: 'Report failed' } });

    fetchMock.mockResolvedValue(
      new Response(new Blob(['<html>Bad gateway</html>']), { status: 502 }),
    );
    const textError = await http
      .get('api/report', { responseType: 'blob', errorHandling: 'none' })
      .catch((e: unknown) => e);
    expect(textError).toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
  });

  it('reveals the page and records the last error, even without handling', async () => {
    fetchMock.mockResolvedValue(json({ Message: 'Nope' }, 422));
    await expect(http.get('api/x', { errorHandling: 'none' })).rejects.toThrow('Nope');

    expect(usePageReveal.getState().revealed).toBe(true);
    expect(useLastError.getState().lastError).toMatchObject({
      status: 422,
      url: '/api/x',
      message: 'Nope',
    });
    expect(useLastError.getState().lastError?.time).toBeInstanceOf(Date);
    expect(useDialogStore.getState().entries).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['api/weather/GetGeolocationByPostcode?postcode=SW1A', 'api/PostCode/lookup/LS1'])(
    'passes errors of %s back without dialog or navigation',
    async (url) => {
      fetchMock.mockResolvedValue(json({ Message: 'Unknown postcode' }, 400));
      await expect(http.get(url, { errorHandling: 'webApi' })).rejects.toBeInstanceOf(HttpError);
      expect(useDialogStore.getState().entries).toEqual([]);
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('turns a network failure into HttpError status 0 with an error dialog', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await http.get('api/x').catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 0, message: 't:ERRORS.NETWORK' });
    expect(useDialogStore.getState().entries).toMatchObject([
      { kind: 'error', text: 't:ERRORS.NETWORK', options: { title: 't:ERRORS.TITLE' } },
    ]);
    expect(usePageReveal.getState().revealed).toBe(true);
  });

  it('lets an aborted request reject quietly', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(http.get('api/x')).rejects.toMatchObject({ name: 'AbortError' });
    expect(useDialogStore.getState().entries).toEqual([]);
  });
});
