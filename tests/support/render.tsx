import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { defaultTexts } from '#metadata';

/** An i18next instance with the default (en-gb) texts, synchronously ready. */
export function createTestI18n(texts: Record<string, string> = defaultTexts): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    fallbackLng: 'en-gb',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    resources: { 'en-gb': { translation: texts } },
    initAsync: false,
  });
  return instance;
}

/** Renders inside the providers every screen has: Mantine theme and translations. */
export function renderWithProviders(
  ui: ReactElement,
  { i18n = createTestI18n(), ...options }: RenderOptions & { i18n?: i18n } = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </MantineProvider>
  );
  return { i18n, ...render(ui, { wrapper: Wrapper, ...options }) };
}
