import { LoadingOverlay } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageReveal } from '#platform/ui';

export function PageRevealOverlay() {
  const { t } = useTranslation();
  const revealed = usePageReveal((state) => state.revealed);
  return (
    <LoadingOverlay
      visible={!revealed}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 1, color: 'var(--mantine-color-body)' }}
      loaderProps={{ 'aria-label': t('SHELL.LOADING') }}
    />
  );
}
