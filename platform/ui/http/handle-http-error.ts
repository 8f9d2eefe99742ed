import { dialogs } from '../dialogs';
import { httpConfig } from './http-config';
import type { HttpError } from './http-error';
import { useLastError } from './last-error';
import { usePageReveal } from './page-reveal';
import {
  bodyExceptionMessage,
  bodyMessage,
  bodyNestedErrorMessage,
  innermostExceptionMessage,
} from './server-error-body';

/**
 * How a failed request is handled before the error reaches the caller:
 * `webApi` shows a dialog chosen by status and then navigates, `default` applies the
 * rules for other requests, `none` leaves everything to the caller.
 */
export type ErrorHandling = 'default' | 'webApi' | 'none';

const reportProblemPath = '/about/reportaproblem';

/** Status -> message key and where to go once the dialog is closed (`null`: stay). */
const webApiRules: Record<number, { key: string; then: string | null }> = {
  401: { key: 'ERRORS.HTTP.401', then: '/login' },
  403: { key: 'ERRORS.HTTP.403', then: '/unauthorized' },
  404: { key: 'ERRORS.HTTP.404', then: reportProblemPath },
  408: { key: 'ERRORS.HTTP.408', then: null },
  400: { key: 'ERRORS.HTTP.400', then: reportProblemPath },
};

function showError(message: string): Promise<void> {
  const { translate } = httpConfig();
  return dialogs.error(message, { title: translate('ERRORS.TITLE') });
}

function handleWebApiError(status: number): void {
  const { translate, navigate } = httpConfig();
  const rule = webApiRules[status] ?? { key: 'ERRORS.HTTP.DEFAULT', then: reportProblemPath };
  void showError(translate(rule.key)).then(() => {
    if (rule.then) navigate(rule.then);
  });
}

function serverFaultMessage(body: unknown): string {
  const { translate } = httpConfig();
  const main =
    bodyExceptionMessage(body) ?? bodyMessage(body) ?? translate('ERRORS.UNEXPECTED_SERVER_ERROR');
  const innermost = innermostExceptionMessage(body);
  return innermost && innermost !== main ? `${main}\n${innermost}` : main;
}

function handleDefaultError({ status, body }: HttpError): void {
  const { translate, navigate } = httpConfig();
  if (status === 401 || status === 403) return navigate('/unauthorized');
  if (status === 400) {
    const message = bodyMessage(body) ?? bodyNestedErrorMessage(body);
    if (message) return void showError(message);
  }
  if (status === 404)
    return void showError(bodyMessage(body) ?? translate('ERRORS.PAGE_NOT_FOUND'));
  if (status === 500 && body !== null) return void showError(serverFaultMessage(body));
  // A client error the server explained (409 stale save, 413 too large, 429 too many) is
  // something the user can act on where they are, not a problem to report.
  const explained = status > 400 && status < 500 ? bodyMessage(body) : null;
  if (explained) return void showError(explained);
  navigate(reportProblemPath);
}

/**
 * The global handling of a failed request (administration spec, "Global handling"): reveals
 * the page, keeps the error for the report-a-problem page, then shows or navigates by mode.
 */
export function handleHttpError(error: HttpError, mode: ErrorHandling): void {
  usePageReveal.getState().reveal();
  useLastError.getState().record({
    status: error.status,
    url: error.url,
    message: error.message,
    time: new Date(),
  });
  if (mode === 'none') return;
  if (error.status === 0) return void showError(httpConfig().translate('ERRORS.NETWORK'));
  if (mode === 'webApi') handleWebApiError(error.status);
  else handleDefaultError(error);
}
