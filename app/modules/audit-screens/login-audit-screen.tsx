import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntityGrid, useCurrentRoute, useGridPage } from '#platform/ui';
import { LoginChart } from './login-chart';

/** `/admin/loginaudit`: the chart of sign-ins above the engine's grid of every attempt. */
export function LoginAuditScreen() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const page = useGridPage(route.GridPage);

  return (
    <Stack gap="md">
      <Title order={2}>{t('ROUTES.LOGIN_AUDIT')}</Title>
      <LoginChart />
      {page.status === 'loading' && (
        <Center mih={200}>
          <Loader type="dots" />
        </Center>
      )}
      {page.status === 'failed' && <Alert color="red">{t('ENGINE.PAGE_NOT_LOADED')}</Alert>}
      {page.status === 'ready' && <EntityGrid page={page.value} />}
    </Stack>
  );
}
