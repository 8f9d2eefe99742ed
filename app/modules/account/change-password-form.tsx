import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#metadata';
import { changePassword } from './account-api';
import { NewPasswordFields, type NewPassword } from './new-password-fields';
import { usePasswordRules } from './password-rules';
import { newPasswordErrors } from './password-strength';
import { submitFailure } from './submit-failure';

interface ChangePasswordFormProps {
  user: CurrentUser;
  /** Called with true once the password has changed, with false on cancel. */
  onClose: (changed: boolean) => void;
}

type Errors = { current?: string; password?: string; confirmation?: string };

/** The body of the change-password dialog: the current password, then the new one twice. */
export function ChangePasswordForm({ user, onClose }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const rules = { userName: user.Name, email: user.Email, passwordRules: usePasswordRules() };
  const localErrors = (): Errors => ({
    ...(current ? {} : { current: 'PAGES.CHANGE_PASSWORD.CURRENT_REQUIRED' }),
    ...newPasswordErrors(value.password, value.confirmation, rules),
  });
  const errors = { ...(tried ? localErrors() : {}), ...serverErrors };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (Object.keys(localErrors()).length > 0) return;
    setBusy(true);
    try {
      const result = await changePassword(user, current, value.password);
      if (result.Succeeded) return onClose(true);
      setServerErrors({
        ...(result.InvalidCurrentPassword
          ? { current: 'PAGES.CHANGE_PASSWORD.INVALID_CURRENT' }
          : {}),
        ...(result.UserPasswordInvalid
          ? { password: 'PAGES.USERS.PASSWORD.INVALID_PASSWORD' }
          : {}),
      });
    } catch (error) {
      setFailure(submitFailure(error, 'PAGES.CHANGE_PASSWORD.FAILED'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        <PasswordInput
          label={t('PAGES.CHANGE_PASSWORD.CURRENT')}
          autoComplete="current-password"
          value={current}
          onChange={(event) => {
            setCurrent(event.currentTarget.value);
            setServerErrors(({ current: _fixed, ...rest }) => rest);
          }}
          error={errors.current && t(errors.current)}
          disabled={busy}
          visibilityToggleButtonProps={{ 'aria-label': t('PASSWORD.TOGGLE') }}
          withAsterisk
          data-autofocus
        />
        <NewPasswordFields
          value={value}
          onChange={(next) => {
            setValue(next);
            setServerErrors(({ password: _fixed, ...rest }) => rest);
          }}
          errors={errors}
          email={user.Email}
          disabled={busy}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('PAGES.CHANGE_PASSWORD.CANCEL')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('PAGES.CHANGE_PASSWORD.SUBMIT')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
