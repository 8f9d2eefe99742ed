import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '#platform/ui';
import { failureMessage } from './failure-message';
import { settingsApi } from './settings-api';

/**
 * "Send test mail": sends with the e-mail values on the screen, saved or not (a password not
 * typed again means the stored one); the SMTP error, if any, shows as a warning.
 */
export function TestMailButton({ values }: { values: () => Record<string, unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const answer = await settingsApi.testEmail(values());
      if (answer.ErrorMessage) {
        await dialogs.warning(t('SETTINGS.TEST_MAIL_FAILED', { message: answer.ErrorMessage }));
      } else {
        dialogs.success(t('SETTINGS.TEST_MAIL_SENT', { address: answer.SentTo ?? '' }));
      }
    } catch (error) {
      await dialogs.warning(
        t('SETTINGS.TEST_MAIL_FAILED', {
          message: failureMessage(error, t('SETTINGS.REQUEST_FAILED')),
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" wrap="nowrap">
      <Button variant="light" onClick={() => void send()} loading={busy}>
        {t('SETTINGS.TEST_MAIL')}
      </Button>
      <Text size="xs" c="dimmed" maw={420}>
        {t('SETTINGS.TEST_MAIL_HINT')}
      </Text>
    </Group>
  );
}
