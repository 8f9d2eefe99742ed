import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TicketUser } from '#metadata';
import { AccountForm, CancelSubmitButtons } from './account-form';
import { readTicketUser, setPasswordByTicket } from './account-api';
import { NewPasswordFields, type NewPassword } from './new-password-fields';
import { usePasswordRules } from './password-rules';
import { newPasswordErrors, type NewPasswordErrors } from './password-strength';
import { submitFailure } from './submit-failure';

/** The ticket screens' states (administration spec, section 4). */
export const TicketStatus = { loading: 0, valid: 1, invalid: -1, passwordSet: 2 } as const;
export type TicketStatus = (typeof TicketStatus)[keyof typeof TicketStatus];

type Purpose = 'reset' | 'register';

const headings: Record<Purpose, string> = {
  reset: 'PAGES.TICKET.RESET_HEADING',
  register: 'PAGES.TICKET.REGISTER_HEADING',
};

function useTicket(ticket: string) {
  const [status, setStatus] = useState<TicketStatus>(TicketStatus.loading);
  const [user, setUser] = useState<TicketUser | null>(null);
  useEffect(() => {
    let current = true;
    readTicketUser(ticket).then(
      (found) => {
        if (!current) return;
        setUser(found);
        setStatus(found.Status === 'Valid' ? TicketStatus.valid : TicketStatus.invalid);
      },
      () => current && setStatus(TicketStatus.invalid),
    );
    return () => {
      current = false;
    };
  }, [ticket]);
  return { status, setStatus, user };
}

/** `/resetpassword/:ticket` and `/registerbyticket/:ticket`: set a password from a mailed link. */
export function TicketPasswordPage({ purpose }: { purpose: Purpose }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticket = '' } = useParams();
  const { status, setStatus, user } = useTicket(ticket);
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toLogin = () => void navigate('/login');

  const rules = { userName: user?.Name, email: user?.Email, passwordRules: usePasswordRules() };
  const errors = {
    ...(tried ? newPasswordErrors(value.password, value.confirmation, rules) : {}),
    ...serverErrors,
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (Object.keys(newPasswordErrors(value.password, value.confirmation, rules)).length > 0) {
      return;
    }
    setBusy(true);
    try {
      const result = await setPasswordByTicket(ticket, value.password);
      if (result.Succeeded) setStatus(TicketStatus.passwordSet);
      else if (result.InvalidTicket) setStatus(TicketStatus.invalid);
      else if (result.UserPasswordInvalid) {
        setServerErrors({ password: 'PAGES.USERS.PASSWORD.INVALID_PASSWORD' });
      }
    } catch (error) {
      setFailure(submitFailure(error, 'PAGES.TICKET.FAILED'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={520} mx="auto" gap="lg" data-status={status}>
      {status === TicketStatus.loading && (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{t('PAGES.TICKET.LOADING')}</Text>
        </Group>
      )}

      {status === TicketStatus.invalid && (
        <>
          <Title order={1}>{t('PAGES.TICKET.INVALID_HEADING')}</Title>
          <Alert color="red" role="alert">
            {t('PAGES.TICKET.INVALID')}
          </Alert>
          <Group>
            <Button onClick={toLogin}>{t('PAGES.TICKET.TO_LOGIN')}</Button>
          </Group>
        </>
      )}

      {status === TicketStatus.passwordSet && (
        <>
          <Title order={1}>{t('PAGES.TICKET.DONE_HEADING')}</Title>
          <Alert color="green" role="status">
            {t('PAGES.TICKET.DONE')}
          </Alert>
          <Group>
            <Button onClick={toLogin}>{t('PAGES.TICKET.TO_LOGIN')}</Button>
          </Group>
        </>
      )}

      {status === TicketStatus.valid && (
        <>
          <Stack gap={4}>
            <Title order={1}>{t(headings[purpose])}</Title>
            <Text c="dimmed">{t('PAGES.TICKET.INTRO', { name: user?.Name ?? '' })}</Text>
          </Stack>
          <AccountForm busy={busy} failure={failure} onSubmit={submit}>
            <NewPasswordFields
              value={value}
              onChange={(next) => {
                setValue(next);
                setServerErrors({});
              }}
              errors={errors}
              email={user?.Email}
              disabled={busy}
            />
            <CancelSubmitButtons
              busy={busy}
              onCancel={toLogin}
              cancel="PAGES.TICKET.CANCEL"
              submit="PAGES.TICKET.SUBMIT"
            />
          </AccountForm>
        </>
      )}
    </Stack>
  );
}

export const ResetPasswordPage = () => <TicketPasswordPage purpose="reset" />;
export const RegisterByTicketPage = () => <TicketPasswordPage purpose="register" />;
