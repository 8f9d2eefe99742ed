import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs, HttpError } from '#platform/ui';
import { sendTestMail, type TemplateRow } from './template-api';

/** Sends the template as edited, with sample values, to the signed-in user's own address. */
export function TestMailButton({ row }: { row: TemplateRow }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { ErrorMessage } = await sendTestMail(row);
      if (ErrorMessage)
        await dialogs.warning(ErrorMessage, { title: t('TEMPLATES.TEST_MAIL.FAILED') });
      else dialogs.success(t('TEMPLATES.TEST_MAIL.SENT'));
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { Message?: string } | null) : null;
      await dialogs.warning(body?.Message ?? t('TEMPLATES.TEST_MAIL.FAILED'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={4}>{t('TEMPLATES.TEST_MAIL.TITLE')}</Title>
        <Text size="sm" c="dimmed">
          {t('TEMPLATES.TEST_MAIL.HINT')}
        </Text>
        <Button variant="default" loading={sending} onClick={() => void send()}>
          {t('TEMPLATES.TEST_MAIL.SEND')}
        </Button>
      </Stack>
    </Card>
  );
}
