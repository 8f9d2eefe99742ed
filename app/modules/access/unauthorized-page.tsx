import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640} align="flex-start">
      <Title order={1}>{t('UNAUTHORIZED.HEADING')}</Title>
      <Text>{t('UNAUTHORIZED.TEXT')}</Text>
      <Button component={Link} to="/">
        {t('UNAUTHORIZED.HOME')}
      </Button>
    </Stack>
  );
}
