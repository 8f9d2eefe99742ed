import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultTexts } from '#metadata';
import { DialogHost, resetDialogs } from '../../platform/ui/dialogs';
import {
  configureHttp,
  http,
  HttpError,
  resetHttpConfig,
  usePageReveal,
  type ErrorHandling,
} from '../../platform/ui/http';
import { createTestI18n, renderWithProviders } from '../support/render';

const navigate = vi.fn<(path: string) => void>();
const text = (key: string) => defaultTexts[key] ?? key;

function renderHost() {
  const i18n = createTestI18n();
  return renderWithProviders(<DialogHost />, { i18n });
}

function respondWith(status: number, body?: unknown) {
  const payload = body === undefined ? null : JSON.stringify(body);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(payload, { status })),
  );
}

async function failingGet(errorHandling?: ErrorHandling): Promise<HttpError> {
  const error = await act(() => http.get('api/things', { errorHandling }).catch((e: unknown) => e));
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

async function closeErrorDialog(expectedText: string | RegExp) {
  const dialog = await screen.findByRole('dialog', { name: text('ERRORS.TITLE') });
  expect(within(dialog).getByText(expectedText)).toBeVisible();
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

beforeEach(() => {
  configureHttp({ navigate, translate: text });
  usePageReveal.getState().conceal();
});

afterEach(() => {
  act(() => resetDialogs());
  navigate.mockReset();
  resetHttpConfig();
  vi.unstubAllGlobals();
});

describe('web-API handled requests', () => {
  it.each([
    [401, 'ERRORS.HTTP.401', '/login'],
    [403, 'ERRORS.HTTP.403', '/unauthorized'],
    [404, 'ERRORS.HTTP.404', '/about/reportaproblem'],
    [408, 'ERRORS.HTTP.408', null],
    [400, 'ERRORS.HTTP.400', '/about/reportaproblem'],
    [500, 'ERRORS.HTTP.DEFAULT', '/about/reportaproblem'],
    [409, 'ERRORS.HTTP.DEFAULT', '/about/reportaproblem'],
  ])('%i shows %s and, once closed, goes to %s', async (status, key, target) => {
    renderHost();
    respondWith(status, { Message: 'Server words are not shown here' });
    await failingGet('webApi');

    expect(navigate).not.toHaveBeenCalled();
    await closeErrorDialog(text(key));
    if (target) expect(navigate).toHaveBeenCalledExactlyOnceWith(target);
    else expect(navigate).not.toHaveBeenCalled();
    expect(usePageReveal.getState().revealed).toBe(true);
  });
});

describe('other requests', () => {
  it.each([401, 403])('%i goes to /unauthorized without a dialog', async (status) => {
    renderHost();
    respondWith(status, { Message: 'Denied' });
    await failingGet();

    expect(navigate).toHaveBeenCalledExactlyOnceWith('/unauthorized');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a Message', { Message: 'Code must be unique' }, 'Code must be unique'],
    ['an error.message', { error: { message: 'Bad filter' } }, 'Bad filter'],
  ])('400 with %s shows it and stays', async (_, body, message) => {
    renderHost();
    respondWith(400, body);
    await failingGet();
    await closeErrorDialog(message);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('400 without a message goes to report a problem', async () => {
    renderHost();
    respondWith(400, { Errors: [] });
    await failingGet();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/about/reportaproblem');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [{ Message: 'No such unit' }, 'No such unit'],
    [undefined, 'Page not found'],
  ])('404 with body %j shows %s', async (body, message) => {
    renderHost();
    respondWith(404, body);
    await failingGet();
    await closeErrorDialog(message);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    [{ ExceptionMessage: 'Deadlock', Message: 'An error has occurred.' }, 'Deadlock'],
    [{ Message: 'An error has occurred.' }, 'An error has occurred.'],
    [{ Errors: ['x'] }, 'Unexpected server error'],
  ])('500 with body %j shows %s', async (body, message) => {
    renderHost();
    respondWith(500, body);
    await failingGet();
    await closeErrorDialog(message);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('500 adds the innermost nested error message', async () => {
    renderHost();
    respondWith(500, {
      Message: 'An error has occurred.',
      ExceptionMessage: 'Saving the unit failed',
      InnerException: {
        ExceptionMessage: 'See the inner exception',
        InnerException: { ExceptionMessage: 'duplicate key value violates "units_code"' },
      },
    });
    await failingGet();

    const dialog = await screen.findByRole('dialog', { name: text('ERRORS.TITLE') });
    expect(dialog).toHaveTextContent('Saving the unit failed');
    expect(dialog).toHaveTextContent('duplicate key value violates "units_code"');
    expect(dialog).not.toHaveTextContent('See the inner exception');
  });

  it.each([
    [409, 'Someone else changed this unit; reload it to see their changes.'],
    [413, 'The file is larger than the 10 MB allowed.'],
    [429, 'Too many attempts; try again in a minute.'],
  ])('%i with a server Message shows it and stays', async (status, message) => {
    renderHost();
    respondWith(status, { Message: message });
    await failingGet();
    await closeErrorDialog(message);
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    [500, undefined],
    [502, { Message: 'Bad gateway' }],
    [409, undefined],
    [422, { Detail: 'no Message field' }],
  ])('%i with body %j goes to report a problem', async (status, body) => {
    renderHost();
    respondWith(status, body);
    await failingGet();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/about/reportaproblem');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server Message of a binary (blob) error response', async () => {
    renderHost();
    const bytes = new TextEncoder().encode(JSON.stringify({ Message: 'Report not found' }));
    const headers = { 'Content-Type': 'application/octet-stream' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(bytes, { status: 404, headers })),
    );
    await act(() => http.get('api/report', { responseType: 'blob' }).catch(() => undefined));
    await closeErrorDialog('Report not found');
  });

  it('shows the network error when the server cannot be reached', async () => {
    renderHost();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failingGet();
    expect(error.status).toBe(0);
    await closeErrorDialog(text('ERRORS.NETWORK'));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('requests without global handling', () => {
  it.each([
    ['none', 'api/things'],
    ['default', 'api/weather/GetGeolocationByPostcode'],
    ['webApi', 'api/postcodes/lookup'],
  ] as const)('%s on %s shows nothing and goes nowhere', async (errorHandling, url) => {
    renderHost();
    respondWith(500, { ExceptionMessage: 'Boom' });
    const error = await act(() => http.get(url, { errorHandling }).catch((e: unknown) => e));

    expect(error).toMatchObject({ status: 500, message: 'Boom' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(usePageReveal.getState().revealed).toBe(true);
  });
});
