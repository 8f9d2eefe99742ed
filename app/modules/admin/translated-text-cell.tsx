import { useTranslation } from 'react-i18next';

/**
 * A text that may be a translation key (a grid page's title, `ROUTES.UNITS`) in the reader's
 * language; plain text is shown as it is.
 */
export function TranslatedTextCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  return <>{text === '' ? '' : t(text, { defaultValue: text })}</>;
}
