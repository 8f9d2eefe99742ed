import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { usePageReveal } from '../http';

/** Shown when a screen throws or fails to load; offers a way home. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const reveal = usePageReveal((state) => state.reveal);

  useEffect(() => {
    console.error('A screen failed.', error);
    reveal();
  }, [error, reveal]);

  return (
    <Stack align="flex-start" p="xl" role="alert">
      <Title order={1}>{t('ERRORS.TITLE')}</Title>
      <Text>{t('ERRORS.HTTP.DEFAULT')}</Text>
      <Button component={Link} to="/" reloadDocument>
        {t('ROUTING.BACK_HOME')}
      </Button>
    </Stack>
  );
}
