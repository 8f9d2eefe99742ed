import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export const hangfireReturnDelayMs = 3_000;

export function HangfireViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate('/', { replace: true }),
      hangfireReturnDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Stack gap="md" maw={640} align="flex-start">
      <Title order={1}>{t('ROUTES.JOBS')}</Title>
      <Text role="status">{t('HANGFIRE.MESSAGE')}</Text>
      <Loader type="dots" aria-hidden="true" />
    </Stack>
  );
}
