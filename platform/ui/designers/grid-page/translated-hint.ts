import { useTranslation } from 'react-i18next';

/**
 * What a title that is a translation key shows (`Shown as: Units`), for the input's
 * description; undefined for plain text, which is shown as it is.
 */
export function useTranslatedHint(): (title: string) => string | undefined {
  const { t, i18n } = useTranslation();
  return (title) => {
    const key = title.trim();
    if (!key || !i18n.exists(key)) return undefined;
    const text = t(key);
    return text === key ? undefined : t('GRID_DESIGNER.TRANSLATED', { text });
  };
}
