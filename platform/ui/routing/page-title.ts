import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Key of the product name that ends every page title. */
export const appTitleKey = 'APP.TITLE';

/**
 * The page title: the translated route title, a dash, the translated product name.
 *
 * @example formatPageTitle(t, 'ROUTES.HOME') // 'Deliveries – Asphalt Delivery Scheduler'
 */
export function formatPageTitle(t: TFunction, titleKey?: string): string {
  const product = t(appTitleKey);
  return titleKey ? `${t(titleKey)} – ${product}` : product;
}

/**
 * Keeps `document.title` on the translated title, following language changes.
 *
 * @example usePageTitle('ROUTES.REPORT_A_PROBLEM');
 */
export function usePageTitle(titleKey?: string): void {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    document.title = formatPageTitle(t, titleKey);
  }, [t, titleKey, language]);
}
