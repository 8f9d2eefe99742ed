import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmEmail } from './account-api';
import { submitFailure } from './submit-failure';
import { TicketStatus } from './ticket-password-page';

/** The confirmation screen's states, numbered as the ticket screens' (2: address confirmed). */
export const ConfirmStatus = {
  asking: TicketStatus.valid,
  invalid: TicketStatus.invalid,
  confirmed: 2,
} as const;
export type ConfirmStatus = (typeof ConfirmStatus)[keyof typeof ConfirmStatus];

/**
 * Asks for the password chosen at registration, then confirms with it and the link's ticket:
 * whoever owns the mailbox but did not register cannot open the account.
 */
function useConfirmation(ticket: string) {
  const [status, setStatus] = useState<ConfirmStatus>(ConfirmStatus.asking);
  const [wrongPassword, setWrongPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async (password: string) => {
    setBusy(true);
    setFailure(null);
    setWrongPassword(false);
    try {
      const result = await confirmEmail(ticket, password);
      if (result.Succeeded) setStatus(ConfirmStatus.confirmed);
      else if (result.InvalidPassword) setWrongPassword(true);
      else setStatus(ConfirmStatus.invalid);
    } catch (error) {
      setFailure(submitFailure(error, 'PAGES.CONFIRM_EMAIL.FAILED'));
    } finally {
      setBusy(false);
    }
  };
  return {
    status,
    wrongPassword,
    failure,
    busy,
    confirm,
    clearWrong: () => setWrongPassword(false),
  };
}

/** `/confirmemail/:ticket`: confirms a registered address from the mailed link. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticket = '' } = useParams();
  const { status, wrongPassword, failure, busy, confirm, clearWrong } = useConfirmation(ticket);
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const toLogin = () => void navigate('/login');

  if (status !== ConfirmStatus.asking) {
    const confirmed = status === ConfirmStatus.confirmed;
    return (
      <Stack maw={520} mx="auto" gap="lg" data-status={status}>
        <Title order={1}>
          {t(confirmed ? 'PAGES.CONFIRM_EMAIL.DONE_HEADING' : 'PAGES.TICKET.INVALID_HEADING')}
        </Title>
        {confirmed ? (
          <Alert color="green" role="status">
            {t('PAGES.CONFIRM_EMAIL.DONE')}
          </Alert>
        ) : (
          <Alert color="red" role="alert">
            {t('PAGES.CONFIRM_EMAIL.INVALID')}
          </Alert>
        )}
        <Group>
          <Button onClick={toLogin}>{t('PAGES.TICKET.TO_LOGIN')}</Button>
        </Group>
      </Stack>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (password) void confirm(password);
  };
  const error = wrongPassword
    ? t('PAGES.CONFIRM_EMAIL.WRONG_PASSWORD')
    : tried && !password
      ? t('PAGES.CONFIRM_EMAIL.PASSWORD_REQUIRED')
      : undefined;
  return (
    <Stack maw={520} mx="auto" gap="lg" data-status={status}>
      <Title order={1}>{t('PAGES.CONFIRM_EMAIL.HEADING')}</Title>
      <Text>{t('PAGES.CONFIRM_EMAIL.ASK')}</Text>
      {failure && (
        <Alert color="red" role="alert">
          {t(failure)}
        </Alert>
      )}
      <form noValidate aria-busy={busy} onSubmit={submit}>
        <Stack gap="md">
          <PasswordInput
            label={t('PAGES.CONFIRM_EMAIL.PASSWORD')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              clearWrong();
            }}
            error={error}
          />
          <Group>
            <Button type="submit" loading={busy}>
              {t('PAGES.CONFIRM_EMAIL.SUBMIT')}
            </Button>
            <Button variant="default" onClick={toLogin}>
              {t('PAGES.TICKET.TO_LOGIN')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
