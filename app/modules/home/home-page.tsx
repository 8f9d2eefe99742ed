import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '#platform/ui';

export function HomePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const name = user?.FirstName || user?.FullName || user?.Name;

  return (
    <Stack gap="sm" maw={720}>
      <Title order={1}>{t('HOME.HEADING')}</Title>
      {name && <Text size="lg">{t('HOME.WELCOME_USER', { name })}</Text>}
      <Text>{t('HOME.WELCOME')}</Text>
    </Stack>
  );
}
