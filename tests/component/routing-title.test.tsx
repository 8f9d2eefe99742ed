import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultTexts, type RouteDefinition } from '#metadata';
import { pseudoLocalize } from '#platform/core';
import { createRoutes, ScreenRegistry, useLanguageStore, useSession } from '#platform/ui';
import { renderWithProviders } from '../support/render';

const fakeTexts = Object.fromEntries(
  Object.entries(defaultTexts).map(([key, text]) => [key, pseudoLocalize(text)]),
);

function createTwoLanguageI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en-gb',
    fallbackLng: 'en-gb',
    lowerCaseLng: true,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    resources: { 'en-gb': { translation: defaultTexts }, fake: { translation: fakeTexts } },
    initAsync: false,
  });
  return instance;
}

const definitions: RouteDefinition[] = [
  { name: 'home', route: '/', Permission: 'everybody', Title: 'ROUTES.HOME' },
  {
    name: 'report',
    route: '/about/reportaproblem',
    Permission: 'everybody',
    InstantTranslation: true,
    Title: 'ROUTES.REPORT_A_PROBLEM',
  },
  { name: 'untitled', route: '/untitled', Permission: 'everybody' },
];
const registry = new ScreenRegistry()
  .register('home', () => <h1>Home screen</h1>)
  .register('report', () => <h1>Report screen</h1>)
  .register('untitled', () => <h1>Untitled screen</h1>);

function openAt(url: string) {
  const i18n = createTwoLanguageI18n();
  const router = createMemoryRouter(createRoutes(definitions, registry), { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />, { i18n });
  return { i18n, router };
}

beforeEach(() => {
  document.title = '';
  useSession.setState({ user: null, permissions: [], authenticated: false, loaded: true });
  useLanguageStore.setState({ ready: true });
});

describe('page title', () => {
  it('is the translated route title and product name', async () => {
    openAt('/about/reportaproblem');
    await screen.findByRole('heading', { name: 'Report screen' });
    await waitFor(() =>
      expect(document.title).toBe('Report a problem – Asphalt Delivery Scheduler'),
    );
  });

  it('follows a change of language', async () => {
    const { i18n } = openAt('/');
    await screen.findByRole('heading', { name: 'Home screen' });
    await waitFor(() => expect(document.title).toBe('Deliveries – Asphalt Delivery Scheduler'));

    await act(() => i18n.changeLanguage('fake'));

    await waitFor(() =>
      expect(document.title).toBe(
        `${pseudoLocalize('Deliveries')} – ${pseudoLocalize('Asphalt Delivery Scheduler')}`,
      ),
    );
  });

  it('follows navigation to another route', async () => {
    const { router } = openAt('/');
    await screen.findByRole('heading', { name: 'Home screen' });
    await act(() => router.navigate('/untitled'));
    await screen.findByRole('heading', { name: 'Untitled screen' });
    await waitFor(() => expect(document.title).toBe('Asphalt Delivery Scheduler'));
  });
});

describe('InstantTranslation routes', () => {
  it('open only once translations are ready', async () => {
    useLanguageStore.setState({ ready: false });
    openAt('/about/reportaproblem');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Report screen' })).not.toBeInTheDocument();

    act(() => useLanguageStore.setState({ ready: true }));

    expect(await screen.findByRole('heading', { name: 'Report screen' })).toBeInTheDocument();
  });

  it('do not hold up routes without the flag', async () => {
    useLanguageStore.setState({ ready: false });
    openAt('/');
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
  });
});
