import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogStore } from '../../platform/ui/dialogs';
import { installGlobalErrorLogging, type ClientErrorReport } from '../../platform/ui/logging';

const post = vi.fn<(report: ClientErrorReport) => Promise<unknown>>();
let uninstall: () => void = () => {};

function raise(message: string) {
  window.dispatchEvent(new ErrorEvent('error', { error: new Error(message), message }));
}

function reject(reason: unknown) {
  window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
}

beforeEach(() => {
  vi.useFakeTimers();
  post.mockResolvedValue(undefined);
});

afterEach(() => {
  uninstall();
  post.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('global error logging', () => {
  it('reports uncaught errors and unhandled rejections', () => {
    uninstall = installGlobalErrorLogging({ post });
    raise('Cannot read properties of undefined');
    reject(new Error('Promise went wrong'));
    reject('plain reason');

    expect(post.mock.calls.map(([report]) => report.Message)).toEqual([
      'Cannot read properties of undefined',
      'Promise went wrong',
      'plain reason',
    ]);
    expect(post.mock.calls[0]?.[0]).toMatchObject({
      Url: window.location.href,
      UserAgent: navigator.userAgent,
      Stack: expect.stringContaining('Cannot read properties of undefined'),
    });
  });

  it('sends an identical message once per 10 s', () => {
    uninstall = installGlobalErrorLogging({ post });
    raise('Same');
    vi.advanceTimersByTime(9_999);
    raise('Same');
    expect(post).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    raise('Same');
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('stops after 20 reports per page load', () => {
    uninstall = installGlobalErrorLogging({ post });
    for (let index = 0; index < 30; index += 1) raise(`Error ${index}`);
    expect(post).toHaveBeenCalledTimes(20);
  });

  it('never throws when the server refuses the report, and stops when uninstalled', async () => {
    post.mockRejectedValue(new Error('offline'));
    uninstall = installGlobalErrorLogging({ post });
    expect(() => raise('First')).not.toThrow();
    await vi.runAllTimersAsync();

    uninstall();
    reject(new Error('Second'));
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('posts to api/logging/ClientError without any dialog by default', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    uninstall = installGlobalErrorLogging();
    raise('Broken widget');
    await vi.runAllTimersAsync();

    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logging/ClientError');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toMatchObject({ Message: 'Broken widget' });
    expect(useDialogStore.getState().entries).toEqual([]);
  });
});
