import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  dialogs,
  http,
  HttpError,
  useLastError,
  usePreviousLocation,
  useSession,
  type CurrentUser,
  type LastHttpError,
} from '#platform/ui';
import {
  currentTime,
  messageText,
  toProblemReport,
  validateDraft,
  type DraftField,
  type FieldErrors,
  type FormMessage,
  type ProblemReportDraft,
} from './problem-report-draft';
import { ProblemReportFields } from './problem-report-fields';
import { readServerErrors, type ServerErrors } from './server-field-errors';

export const problemReportPath = '/api/reportaproblem/send';

function describeError(error: LastHttpError | null): string {
  if (!error) return '';
  return `${error.time.toISOString()} ${error.status} ${error.url}\n${error.message}`;
}

function generalMessages(server: ServerErrors | null): FormMessage[] {
  if (!server) return [{ key: 'REPORT_PROBLEM.SEND_FAILED' }];
  if (server.general.length > 0) return server.general;
  return Object.keys(server.fields).length > 0
    ? [{ key: 'REPORT_PROBLEM.FIX_ERRORS' }]
    : [{ key: 'REPORT_PROBLEM.SEND_FAILED' }];
}

function initialDraft(
  user: CurrentUser | null,
  lastError: LastHttpError | null,
): ProblemReportDraft {
  return {
    Severity: null,
    Time: currentTime(),
    Email: user?.Email ?? '',
    Name: user?.FullName || user?.Name || '',
    ErrorLog: describeError(lastError),
  };
}

export function ReportAProblemPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const previousPage = usePreviousLocation();
  const user = useSession((state) => state.user);
  const lastError = useLastError((state) => state.lastError);
  const [draft, setDraft] = useState(() => initialDraft(user, lastError));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<FormMessage[]>([]);
  const [sending, setSending] = useState(false);
  const goBack = () => void navigate(previousPage ?? '/');

  const change = <F extends DraftField>(field: F, value: ProblemReportDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    setGeneral(Object.keys(found).length > 0 ? [{ key: 'REPORT_PROBLEM.FIX_ERRORS' }] : []);
    if (Object.keys(found).length > 0) return;

    const body = toProblemReport(draft, {
      Id: user?.Id ?? null,
      PreviousPage: previousPage ?? '',
      Language: i18n.language,
    });
    setSending(true);
    try {
      await http.post<{ Id: number }>(problemReportPath, { body, errorHandling: 'none' });
      dialogs.success(t('REPORT_PROBLEM.SENT'));
      goBack();
    } catch (error) {
      const server =
        error instanceof HttpError && error.status === 400 ? readServerErrors(error.body) : null;
      setErrors(server?.fields ?? {});
      setGeneral(generalMessages(server));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('REPORT_PROBLEM.HEADING')}</Title>
      <Text c="dimmed">{t('REPORT_PROBLEM.INTRO')}</Text>
      <Paper component="form" withBorder p="lg" noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="lg">
          {general.length > 0 && (
            <Alert color="red" role="alert">
              {general.map((message) => (
                <Text key={messageText(message, t)} size="sm">
                  {messageText(message, t)}
                </Text>
              ))}
            </Alert>
          )}
          <ProblemReportFields draft={draft} errors={errors} onChange={change} />
          <Group justify="flex-end">
            <Button variant="default" onClick={goBack} disabled={sending}>
              {t('REPORT_PROBLEM.CANCEL')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('REPORT_PROBLEM.SEND')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
