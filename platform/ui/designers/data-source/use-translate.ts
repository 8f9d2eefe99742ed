import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from './control-labels';

/** `t` as the designer's plain helpers take it (a key and its values). */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return useCallback((key, options) => t(key, options ?? {}), [t]);
}
