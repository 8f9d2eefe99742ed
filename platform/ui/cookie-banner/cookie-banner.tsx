import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cookieNames } from '#metadata';
import { readCookie, writePermanentCookie } from '../cookies';

/** True when the user has already dismissed the cookie banner. */
export function isCookieBannerDismissed(): boolean {
  return readCookie(cookieNames.cookieBanner) !== undefined;
}

/**
 * A notice about cookies, fixed to the bottom of the page until the user accepts it;
 * acceptance is remembered in a permanent cookie.
 *
 * @example <CookieBanner />  // once, in the application root
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(isCookieBannerDismissed);
  if (dismissed) return null;

  const accept = () => {
    writePermanentCookie(cookieNames.cookieBanner, 'true');
    setDismissed(true);
  };

  return (
    <Paper
      component="section"
      role="region"
      aria-label={t('COOKIES.LABEL')}
      shadow="lg"
      withBorder
      p="md"
      radius={0}
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 300 }}
    >
      <Group justify="space-between" wrap="wrap" gap="md" maw={1200} mx="auto">
        <Text size="sm" style={{ flex: '1 1 320px' }}>
          {t('COOKIES.TEXT')}
        </Text>
        <Button onClick={accept}>{t('COOKIES.ACCEPT')}</Button>
      </Group>
    </Paper>
  );
}
