import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '#platform/ui';
import { AccountLinks } from './account-links';
import { CaptchaField } from './captcha-field';
import { DemoShortcuts } from './demo-shortcuts';
import { LoginForm } from './login-form';
import { formatWait, type LoginMessage } from './login-message';
import { useSignIn } from './use-sign-in';

function LoginAlert({ message }: { message: LoginMessage }) {
  const { t, i18n } = useTranslation();
  const wait = message.lockedForSeconds;
  return (
    <Alert color="red" variant="light">
      {wait ? t(message.key, { wait: formatWait(wait, i18n.language) }) : t(message.key)}
    </Alert>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  // Checked on arrival only: signing in here navigates on by itself.
  const [signedInOnArrival] = useState(() => useSession.getState().authenticated);
  const { busy, message, captchaRequired, captchaRound, setCaptcha, signIn } = useSignIn();

  if (signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <Stack maw={440} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('PAGES.LOGIN.HEADING')}</Title>
        <Text c="dimmed">{t('PAGES.LOGIN.INTRO')}</Text>
      </Stack>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          {message && <LoginAlert message={message} />}
          <LoginForm busy={busy} onSubmit={(credentials) => void signIn(credentials)}>
            {captchaRequired && <CaptchaField key={captchaRound} onChange={setCaptcha} />}
          </LoginForm>
          <AccountLinks disabled={busy} />
        </Stack>
      </Paper>
      <DemoShortcuts disabled={busy} onSignIn={(credentials) => void signIn(credentials)} />
    </Stack>
  );
}
