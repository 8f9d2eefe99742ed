import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountPaths, type RecoverPasswordResult, recoveryAddressPattern } from '#metadata';
import { http, HttpError } from '#platform/ui';

interface Outcome {
  /** Shown in place of the form: the mail is on its way. */
  sent?: string;
  /** Shown above the form, which stays for another try: a server text or a key. */
  error?: { text: string } | { key: string };
}

/** An e-mail address or a user name, as the server accepts it. */
const recoveryAddress = new RegExp(recoveryAddressPattern);

/** Why the address cannot be sent yet, as a translation key; null when it can. */
function addressProblem(address: string): string | null {
  if (!address.trim()) return 'PAGES.RECOVER_PASSWORD.EMAIL_REQUIRED';
  if (!recoveryAddress.test(address)) return 'PAGES.RECOVER_PASSWORD.EMAIL_INVALID';
  return null;
}

/** What the user is told (administration spec, error catalogue: "Recover password"). */
function outcomeOf(result: RecoverPasswordResult): Outcome {
  if (!result.ShowHelpfulMessages) return { sent: 'PAGES.RECOVER_PASSWORD.SENT' };
  if (result.Successfully) return { sent: 'PAGES.RECOVER_PASSWORD.SUCCESS' };
  return {
    error: result.Exception ? { text: result.Exception } : { key: 'PAGES.RECOVER_PASSWORD.FAILED' },
  };
}

/** The body of the "Forgot your password?" dialog: an address, then what happened. */
export function RecoverPasswordForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = addressProblem(email);
    setProblem(found);
    if (found) return;
    setBusy(true);
    setOutcome({});
    try {
      const result = await http.post<RecoverPasswordResult>(accountPaths.recoverPassword, {
        body: { Email: email.trim(), Language: i18n.language },
        errorHandling: 'none',
      });
      setOutcome(outcomeOf(result));
    } catch (error) {
      // The spec shows the server's Message on an HTTP error.
      const message = error instanceof HttpError && error.status !== 0 ? error.message : null;
      setOutcome({ error: message ? { text: message } : { key: 'ERRORS.NETWORK' } });
    } finally {
      setBusy(false);
    }
  };

  if (outcome.sent) {
    return (
      <Stack gap="lg">
        <Text role="status">{t(outcome.sent)}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('DIALOG.OK')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text size="sm">{t('PAGES.RECOVER_PASSWORD.INTRO')}</Text>
        {outcome.error && (
          <Alert color="red" role="alert">
            {'text' in outcome.error ? outcome.error.text : t(outcome.error.key)}
          </Alert>
        )}
        <TextInput
          label={t('PAGES.RECOVER_PASSWORD.EMAIL')}
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={problem && t(problem)}
          disabled={busy}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('PAGES.RECOVER_PASSWORD.CANCEL')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('PAGES.RECOVER_PASSWORD.SEND')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
