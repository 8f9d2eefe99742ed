import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportAProblemPage } from '../../app/modules/about/report-a-problem-page';
import {
  DialogHost,
  recordVisit,
  useLastError,
  useNavigationHistory,
  useSession,
} from '#platform/ui';
import { aSignedInUser } from '../support/fixtures';
import { createTestI18n, renderWithProviders } from '../support/render';

const signedIn = aSignedInUser({ Language: 'en-gb' });

let answer: () => Response = () => Response.json({ Id: 1 });
const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());

function renderForm() {
  const i18n = createTestI18n();
  recordVisit('/units?active=true');
  recordVisit('/about/reportaproblem');
  const router = createMemoryRouter(
    [
      { path: '/units', element: <h1>Units screen</h1> },
      { path: '/about/reportaproblem', element: <ReportAProblemPage /> },
    ],
    { initialEntries: ['/units?active=true', '/about/reportaproblem'], initialIndex: 1 },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>,
    { i18n },
  );
  return router;
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

async function chooseSeverity(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: /severity/i }));
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  answer = () => Response.json({ Id: 1 });
  useNavigationHistory.setState({ current: null, previous: null });
  useSession.setState({ user: signedIn, permissions: [], authenticated: true, loaded: true });
  useLastError.setState({
    lastError: {
      status: 500,
      url: '/api/units/GetUnits',
      message: 'Unexpected server error',
      time: new Date('2030-01-02T03:04:05Z'),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('report a problem', () => {
  it('is prefilled from the user, the clock and the last error', () => {
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Report a problem' })).toBeVisible();
    expect(field(/^email/i)).toHaveValue('jo@example.com');
    expect(field(/^name/i)).toHaveValue('Jo Bloggs');
    expect(valueOf(field(/time it happened/i))).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    const log = valueOf(field(/what happened/i));
    expect(log).toContain('500 /api/units/GetUnits');
    expect(log).toContain('Unexpected server error');
  });

  it('explains each invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.clear(field(/time it happened/i));
    await user.type(field(/time it happened/i), '25:61');
    await user.clear(field(/^email/i));
    await user.type(field(/^email/i), 'not-an-address');
    await user.clear(field(/what happened/i));

    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    expect(screen.getByText('Choose how serious the problem is.')).toBeVisible();
    expect(field(/time it happened/i)).toHaveAccessibleDescription(
      expect.stringContaining('Enter the time as hours and minutes, for example 14:05.'),
    );
    expect(field(/^email/i)).toHaveAccessibleDescription(
      'Enter a valid email address, for example name@example.com.',
    );
    expect(field(/what happened/i)).toHaveAccessibleDescription(
      expect.stringContaining('Describe what went wrong.'),
    );
    expect(field(/^email/i)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the report and returns to the previous page', async () => {
    const user = userEvent.setup();
    const router = renderForm();
    await chooseSeverity('Major');
    await user.clear(field(/time it happened/i));
    await user.type(field(/time it happened/i), '14:05');
    await user.clear(field(/what happened/i));
    await user.type(field(/what happened/i), 'The units grid stays empty.');

    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('heading', { name: 'Units screen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?active=true');
    expect(await screen.findByText('Thank you. Your report has been sent.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/reportaproblem/send');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      ErrorLog: 'The units grid stays empty.',
      PreviousPage: '/units?active=true',
      Severity: 'Major',
      Time: '14:05',
      Id: 7,
      Email: 'jo@example.com',
      Name: 'Jo Bloggs',
      Language: 'en-gb',
    });
  });

  it('shows the server validation errors on their fields', async () => {
    answer = () =>
      Response.json(
        {
          Message: 'The report is not valid.',
          Errors: [
            { Field: 'Email', Message: 'This mail domain is not accepted.' },
            { Field: 'ErrorLog', Message: 'The description is too vague.' },
          ],
        },
        { status: 400 },
      );
    const user = userEvent.setup();
    renderForm();
    await chooseSeverity('Minor');

    await user.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The report is not valid.');
    expect(field(/^email/i)).toHaveAccessibleDescription('This mail domain is not accepted.');
    expect(field(/what happened/i)).toHaveAccessibleDescription(
      expect.stringContaining('The description is too vague.'),
    );
    expect(screen.getByRole('heading', { name: 'Report a problem' })).toBeInTheDocument();
    expect(within(document.body).queryByRole('dialog')).toBeNull();
  });
});
