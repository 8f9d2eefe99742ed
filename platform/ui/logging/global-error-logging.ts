/** Body of `POST api/logging/ClientError`. */
export interface ClientErrorReport {
  Message: string;
  Stack: string;
  Url: string;
  UserAgent: string;
}

export interface GlobalErrorLoggingOptions {
  /** Sends one report; defaults to the HTTP client without error handling. */
  post?: (report: ClientErrorReport) => Promise<unknown>;
  /** Where errors are listened for; defaults to `window`. */
  target?: Window;
}

const repeatWindowMs = 10_000;
const maxReportsPerPage = 20;

/**
 * Plain fetch rather than the HTTP client: a failed report must not replace the last error
 * the report-a-problem page shows, and `keepalive` lets it leave while the page unloads.
 */
const postReport = (report: ClientErrorReport) =>
  fetch('/api/logging/ClientError', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  });

function describeReason(reason: unknown, fallbackMessage = ''): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  if (reason === undefined || reason === null) return { message: fallbackMessage, stack: '' };
  return { message: typeof reason === 'string' ? reason : JSON.stringify(reason), stack: '' };
}

/**
 * Logs uncaught errors and unhandled promise rejections to the server. Identical messages
 * are sent once per 10 s, at most 20 reports per page load; logging never throws.
 * Returns the function that stops it.
 *
 * @example
 * const stop = installGlobalErrorLogging();
 */
export function installGlobalErrorLogging({
  post = postReport,
  target = window,
}: GlobalErrorLoggingOptions = {}): () => void {
  const lastSent = new Map<string, number>();
  let sent = 0;

  const report = (reason: unknown, fallbackMessage?: string) => {
    const { message, stack } = describeReason(reason, fallbackMessage);
    const now = Date.now();
    const previous = lastSent.get(message);
    if (sent >= maxReportsPerPage || (previous !== undefined && now - previous < repeatWindowMs)) {
      return;
    }
    lastSent.set(message, now);
    sent += 1;
    const body: ClientErrorReport = {
      Message: message,
      Stack: stack,
      Url: target.location.href,
      UserAgent: target.navigator.userAgent,
    };
    try {
      post(body).catch(() => undefined);
    } catch {
      // A failing logger must not raise a new error for itself to log.
    }
  };

  const onError = (event: ErrorEvent) => report(event.error, event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
