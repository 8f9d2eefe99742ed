import { Alert, Card, Code, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplatePreview as Preview } from '#metadata';
import { previewTemplate, type TemplateRow } from './template-api';

const previewDelayMs = 500;

/** The mail's HTML (sanitised by the server) in a page set as a mail reader would show it. */
const mailDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222;margin:12px}</style></head><body>${html}</body></html>`;

type State = { status: 'loading' } | { status: 'ready'; preview: Preview } | { status: 'failed' };

/** The mail the template makes, filled with sample values, rendered (and sanitised) by the server. */
function usePreview(row: TemplateRow): State {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      previewTemplate(row, abort.signal).then(
        (preview) => setState({ status: 'ready', preview }),
        () => !abort.signal.aborted && setState({ status: 'failed' }),
      );
    }, previewDelayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [row]);
  return state;
}

/**
 * The preview: the subject, the HTML part in a sandboxed frame (no scripts, no same origin, no
 * forms: `sandbox=""`) and the plain-text part.
 */
export function TemplatePreview({ row }: { row: TemplateRow }) {
  const { t } = useTranslation();
  const state = usePreview(row);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('TEMPLATES.PREVIEW.TITLE')}</Title>
          {state.status === 'loading' && <Loader size="xs" />}
        </Group>
        <Text size="sm" c="dimmed">
          {t('TEMPLATES.PREVIEW.HINT')}
        </Text>
        {state.status === 'failed' && <Alert color="red">{t('TEMPLATES.PREVIEW.FAILED')}</Alert>}
        {state.status === 'ready' && (
          <>
            <Text size="sm">
              <Text span fw={600}>
                {t('TEMPLATES.PREVIEW.SUBJECT')}{' '}
              </Text>
              {state.preview.Subject}
            </Text>
            <Tabs defaultValue="html">
              <Tabs.List>
                <Tabs.Tab value="html">{t('TEMPLATES.PREVIEW.HTML')}</Tabs.Tab>
                <Tabs.Tab value="text">{t('TEMPLATES.PREVIEW.TEXT')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="html" pt="xs">
                <iframe
                  title={t('TEMPLATES.PREVIEW.HTML')}
                  sandbox=""
                  srcDoc={mailDocument(state.preview.Html)}
                  style={{
                    width: '100%',
                    height: 320,
                    border: '1px solid var(--mantine-color-gray-3)',
                    background: 'white',
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="text" pt="xs">
                <Code block aria-label={t('TEMPLATES.PREVIEW.TEXT')}>
                  {state.preview.Text}
                </Code>
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </Card>
  );
}
