import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountEmailPattern } from '#metadata';
import { dialogs, HttpError } from '#platform/ui';
import { AccountForm, AccountTextInput, CancelSubmitButtons } from './account-form';
import { readRegistrationOptions, registerUser } from './account-api';
import { NewPasswordFields, type NewPassword } from './new-password-fields';
import { usePasswordRules } from './password-rules';
import { newPasswordErrors, type NewPasswordErrors } from './password-strength';
import { submitFailure } from './submit-failure';

interface Details {
  email: string;
  firstName: string;
  surname: string;
}

type DetailErrors = Partial<Record<keyof Details, string>>;

const emailPattern = new RegExp(accountEmailPattern);

function detailErrors(details: Details): DetailErrors {
  const errors: DetailErrors = {};
  if (!details.email.trim()) errors.email = 'PAGES.REGISTER.EMAIL_REQUIRED';
  else if (!emailPattern.test(details.email)) errors.email = 'PAGES.REGISTER.EMAIL_INVALID';
  if (!details.firstName.trim()) errors.firstName = 'PAGES.REGISTER.FIRST_NAME_REQUIRED';
  if (!details.surname.trim()) errors.surname = 'PAGES.REGISTER.SURNAME_REQUIRED';
  return errors;
}

/** `/register`: a new account named by its e-mail address; closed while companies are on. */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<boolean | null>(null);
  const [details, setDetails] = useState<Details>({ email: '', firstName: '', surname: '' });
  const [password, setPassword] = useState<NewPassword>({ password: '', confirmation: '' });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<DetailErrors & NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void readRegistrationOptions().then(({ RegistrationAllowed }) => {
      if (!current) return;
      if (RegistrationAllowed) setOpen(true);
      else void navigate('/unauthorized', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate]);

  const passwordRules = usePasswordRules();
  const email = details.email.trim();
  const local = tried
    ? {
        ...detailErrors(details),
        ...newPasswordErrors(password.password, password.confirmation, {
          userName: email,
          email,
          passwordRules,
        }),
      }
    : {};
  const errors = { ...local, ...serverErrors };

  const change = (field: keyof Details, value: string) => {
    setDetails((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    const found = {
      ...detailErrors(details),
      ...newPasswordErrors(password.password, password.confirmation, {
        userName: email,
        email,
        passwordRules,
      }),
    };
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await registerUser({
        ...details,
        password: password.password,
        language: i18n.language,
      });
      if (result.Succeeded) {
        if (result.ConfirmationMailed) {
          // A dialog that stays until closed: a toast hides after 3 s, yet this asks for action.
          void dialogs.info(t('PAGES.REGISTER.CONFIRM_EMAIL', { email }));
        } else {
          dialogs.success(t('PAGES.REGISTER.SUCCESS'));
        }
        await navigate('/login');
        return;
      }
      setServerErrors({
        ...(result.UsernameAlreadyExists ? { email: 'PAGES.REGISTER.USER_EXISTS' } : {}),
        ...(result.UserPasswordInvalid
          ? { password: 'PAGES.USERS.PASSWORD.INVALID_PASSWORD' }
          : {}),
      });
    } catch (error) {
      // The server closes registration with 403 while companies are on.
      if (error instanceof HttpError && error.status === 403) {
        await navigate('/unauthorized', { replace: true });
        return;
      }
      setFailure(submitFailure(error, 'PAGES.REGISTER.FAILED'));
    } finally {
      setBusy(false);
    }
  };

  if (!open) return <Loader aria-label={t('SHELL.LOADING')} />;

  return (
    <Stack maw={520} mx="auto" gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('PAGES.REGISTER.HEADING')}</Title>
        <Text c="dimmed">{t('PAGES.REGISTER.INTRO')}</Text>
      </Stack>
      <AccountForm busy={busy} failure={failure} onSubmit={submit}>
        <AccountTextInput
          label="PAGES.REGISTER.EMAIL"
          type="email"
          autoComplete="email"
          value={details.email}
          onValueChange={(value) => change('email', value)}
          error={errors.email}
          disabled={busy}
          withAsterisk
        />
        <AccountTextInput
          label="PAGES.REGISTER.FIRST_NAME"
          autoComplete="given-name"
          value={details.firstName}
          onValueChange={(value) => change('firstName', value)}
          error={errors.firstName}
          disabled={busy}
          withAsterisk
        />
        <AccountTextInput
          label="PAGES.REGISTER.SURNAME"
          autoComplete="family-name"
          value={details.surname}
          onValueChange={(value) => change('surname', value)}
          error={errors.surname}
          disabled={busy}
          withAsterisk
        />
        <NewPasswordFields
          value={password}
          onChange={(value) => {
            setPassword(value);
            setServerErrors(({ password: _fixed, ...rest }) => rest);
          }}
          errors={errors}
          email={email}
          disabled={busy}
        />
        <CancelSubmitButtons
          busy={busy}
          onCancel={() => void navigate('/login')}
          cancel="PAGES.REGISTER.CANCEL"
          submit="PAGES.REGISTER.SUBMIT"
        />
      </AccountForm>
    </Stack>
  );
}
