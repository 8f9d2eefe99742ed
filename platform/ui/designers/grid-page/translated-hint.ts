import { useCallback } from 'react';
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

/**
 * A title as its input shows it: a translation key (`GRID.ACTION.NEW`) as the text it stands
 * for in the user's language ("New"), with a note that it follows each language; plain text
 * as it is. Typing over it makes it plain text.
 */
export function useShownTitle(): (title: string) => { value: string; note: string | undefined } {
  const { t, i18n } = useTranslation();
  return (title) => {
    const key = title.trim();
    if (!key || !i18n.exists(key) || t(key) === key) return { value: title, note: undefined };
    return { value: t(key), note: t('GRID_DESIGNER.TRANSLATED_TITLE') };
  };
}

/**
 * The text a title stands for, for labels and names (`ENTITY.UNIT.CODE` → "Code"): a
 * translation key in the user's language, plain text as it is.
 */
export function useTitleText(): (title: string | null | undefined) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (title) => {
      const key = (title ?? '').trim();
      return key && i18n.exists(key) ? t(key) : (title ?? '');
    },
    [t, i18n],
  );
}
