import { Anchor, Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountPaths, type RegistrationOptions } from '#metadata';
import { dialogs, http } from '#platform/ui';
import { RecoverPasswordForm } from './recover-password-form';

function useRegistrationAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let current = true;
    http.get<RegistrationOptions>(accountPaths.registrationOptions, { errorHandling: 'none' }).then(
      (options) => current && setAllowed(options?.RegistrationAllowed === true),
      () => current && setAllowed(false),
    );
    return () => {
      current = false;
    };
  }, []);
  return allowed;
}

/** Below the sign-in form: "Forgot your password?" and, while it is open, registration. */
export function AccountLinks({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const registrationAllowed = useRegistrationAllowed();
  const recover = () =>
    void dialogs.custom<void>((close) => <RecoverPasswordForm onClose={() => close()} />, {
      title: t('PAGES.RECOVER_PASSWORD.TITLE'),
    });

  return (
    <Group justify="space-between" gap="xs">
      <Button variant="subtle" size="compact-sm" px={0} onClick={recover} disabled={disabled}>
        {t('PAGES.RECOVER_PASSWORD.LINK')}
      </Button>
      {registrationAllowed && (
        <Anchor component={Link} to="/register" size="sm">
          {t('PAGES.LOGIN.REGISTER')}
        </Anchor>
      )}
    </Group>
  );
}
