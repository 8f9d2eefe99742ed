import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ConfirmEmailResult } from '#metadata';
import { confirmEmail } from './account-api';
import { submitFailure } from './submit-failure';
import { TicketStatus } from './ticket-password-page';

/** The confirmation screen's states, numbered as the ticket screens' (2: address confirmed). */
export const ConfirmStatus = {
  loading: TicketStatus.loading,
  invalid: TicketStatus.invalid,
  confirmed: 2,
} as const;
export type ConfirmStatus = (typeof ConfirmStatus)[keyof typeof ConfirmStatus];

/** Confirms once per ticket, even when the effect runs twice: the link works only once. */
function useConfirmation(ticket: string) {
  const [status, setStatus] = useState<ConfirmStatus>(ConfirmStatus.loading);
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef<{ ticket: string; answer: Promise<ConfirmEmailResult> } | null>(null);
  useEffect(() => {
    let current = true;
    if (sent.current?.ticket !== ticket) sent.current = { ticket, answer: confirmEmail(ticket) };
    sent.current.answer.then(
      (result) => {
        if (current) setStatus(result.Succeeded ? ConfirmStatus.confirmed : ConfirmStatus.invalid);
      },
      (error: unknown) => {
        if (!current) return;
        setFailure(submitFailure(error, 'PAGES.CONFIRM_EMAIL.FAILED'));
        setStatus(ConfirmStatus.invalid);
      },
    );
    return () => {
      current = false;
    };
  }, [ticket]);
  return { status, failure };
}

/** `/confirmemail/:ticket`: confirms a registered address from the mailed link. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticket = '' } = useParams();
  const { status, failure } = useConfirmation(ticket);
  const toLogin = () => void navigate('/login');

  if (status === ConfirmStatus.loading) {
    return (
      <Stack maw={520} mx="auto" gap="lg" data-status={status}>
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{t('PAGES.CONFIRM_EMAIL.LOADING')}</Text>
        </Group>
      </Stack>
    );
  }
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
          {t(failure ?? 'PAGES.CONFIRM_EMAIL.INVALID')}
        </Alert>
      )}
      <Group>
        <Button onClick={toLogin}>{t('PAGES.TICKET.TO_LOGIN')}</Button>
      </Group>
    </Stack>
  );
}
