import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultTexts } from '#metadata';
import { pseudoLocalize } from '#platform/core';
import {
  appI18n,
  CookieBanner,
  initI18n,
  LanguagePicker,
  resolveLanguage,
  useLanguageStore,
} from '#platform/ui';
import { renderWithProviders } from '../support/render';

const languages = [
  { Id: 'en-gb', Name: 'English (UK)', LastUpdated: 1_700_000_000_111 },
  { Id: 'fake', Name: 'Fake (pseudo-localised)', LastUpdated: 1_700_000_000_222 },
];
const fakeTexts = Object.fromEntries(
  Object.entries(defaultTexts).map(([key, text]) => [key, pseudoLocalize(text)]),
);
const englishTexts = { ...defaultTexts, 'COOKIES.ACCEPT': 'Accept (en-gb file)' };

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  if (url.pathname === '/api/Language/GetLanguages') return json(languages);
  if (url.pathname === '/api/Language/translations/fake') return json(fakeTexts);
  if (url.pathname === '/api/Language/translations/en-gb') return json(englishTexts);
  if (url.pathname === '/api/Language/translations/default') return json(defaultTexts);
  return new Response('Not found', { status: 404 });
});

const requested = () => fetchMock.mock.calls.map(([input]) => String(input));
/** What the start-up fetched (vitest clears mock calls before each test). */
let startUpRequests: string[] = [];

beforeAll(async () => {
  vi.stubGlobal('fetch', fetchMock);
  Cookies.set('language', 'fake');
  await initI18n();
  startUpRequests = requested();
});
afterAll(() => {
  vi.unstubAllGlobals();
  Cookies.remove('language');
  Cookies.remove('language_set_time');
});

describe('translations from the server', () => {
  it('start in the language of the cookie, fetched with its LastUpdated as the version', () => {
    expect(appI18n.language).toBe('fake');
    expect(startUpRequests).toContain('/api/Language/translations/fake?v=1700000000222');
    expect(useLanguageStore.getState().ready).toBe(true);
    expect(document.documentElement.lang).toBe('en-GB');
  });

  it('render the pseudo-localised texts the server sends for the fake language', () => {
    renderWithProviders(<CookieBanner />, { i18n: appI18n });
    expect(
      screen.getByRole('region', { name: pseudoLocalize('Cookie notice') }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pseudoLocalize('OK, got it') })).toBeInTheDocument();
  });

  it('switch language from the picker and remember it in the cookies', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LanguagePicker />
        <CookieBanner />
      </>,
      { i18n: appI18n },
    );
    const before = Date.now();

    await user.click(screen.getByRole('combobox', { name: pseudoLocalize('Language') }));
    await user.click(await screen.findByRole('option', { name: 'English (UK)', hidden: true }));

    expect(await screen.findByRole('button', { name: 'Accept (en-gb file)' })).toBeInTheDocument();
    expect(requested()).toContain('/api/Language/translations/en-gb?v=1700000000111');
    expect(Cookies.get('language')).toBe('en-gb');
    expect(Number(Cookies.get('language_set_time'))).toBeGreaterThanOrEqual(before);
    await waitFor(() => expect(useLanguageStore.getState().language).toBe('en-gb'));
    await act(() => appI18n.changeLanguage('fake'));
  });
});

describe('resolveLanguage', () => {
  it('prefers the cookie, then the user, then en-gb, skipping languages not offered', () => {
    expect(resolveLanguage({ cookie: 'fake', user: 'en-gb', available: languages })).toBe('fake');
    expect(resolveLanguage({ cookie: undefined, user: 'fake', available: languages })).toBe('fake');
    expect(resolveLanguage({ cookie: 'xx', user: null, available: languages })).toBe('en-gb');
  });
});
