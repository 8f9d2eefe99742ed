import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { problemSeverities } from '#metadata';
import {
  isSeverity,
  messageText,
  type DraftField,
  type FieldErrors,
  type ProblemReportDraft,
} from './problem-report-draft';

interface ProblemReportFieldsProps {
  draft: ProblemReportDraft;
  errors: FieldErrors;
  onChange: <F extends DraftField>(field: F, value: ProblemReportDraft[F]) => void;
}

export function ProblemReportFields({ draft, errors, onChange }: ProblemReportFieldsProps) {
  const { t } = useTranslation();
  const errorOf = (field: DraftField) => {
    const message = errors[field];
    return message ? messageText(message, t) : undefined;
  };
  const severities = problemSeverities.map((severity) => ({
    value: severity,
    label: t(`REPORT_PROBLEM.SEVERITY.${severity}`),
  }));

  return (
    <Stack gap="md">
      <Select
        label={t('REPORT_PROBLEM.SEVERITY')}
        data={severities}
        value={draft.Severity}
        onChange={(value) => onChange('Severity', isSeverity(value) ? value : null)}
        error={errorOf('Severity')}
        required
        allowDeselect={false}
      />
      <TextInput
        label={t('REPORT_PROBLEM.TIME')}
        description={t('REPORT_PROBLEM.TIME_HINT')}
        value={draft.Time}
        onChange={(event) => onChange('Time', event.currentTarget.value)}
        error={errorOf('Time')}
        required
        inputMode="numeric"
        autoComplete="off"
        styles={{ wrapper: { maxWidth: 160 } }}
      />
      <TextInput
        label={t('REPORT_PROBLEM.EMAIL')}
        type="email"
        value={draft.Email}
        onChange={(event) => onChange('Email', event.currentTarget.value)}
        error={errorOf('Email')}
        autoComplete="email"
      />
      <TextInput
        label={t('REPORT_PROBLEM.NAME')}
        value={draft.Name}
        onChange={(event) => onChange('Name', event.currentTarget.value)}
        error={errorOf('Name')}
        autoComplete="name"
      />
      <Textarea
        label={t('REPORT_PROBLEM.ERROR_LOG')}
        description={t('REPORT_PROBLEM.ERROR_LOG_HINT')}
        value={draft.ErrorLog}
        onChange={(event) => onChange('ErrorLog', event.currentTarget.value)}
        error={errorOf('ErrorLog')}
        required
        autosize
        minRows={6}
        maxRows={16}
      />
    </Stack>
  );
}
