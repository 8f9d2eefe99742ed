import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, HttpError } from '#platform/ui';
import { type Job, jobsApi } from './jobs-api';

type Field = 'Schedule' | 'TimeZone';

/** The zones the browser knows, with the job's own first when the browser lacks it. */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

/** The refusal of a schedule at its fields, or as a whole when it names none. */
function refusalOf(error: unknown): { fields: Partial<Record<Field, string>>; general: string } {
  if (!(error instanceof HttpError)) return { fields: {}, general: String(error) };
  const listed = fieldErrorsOf((error.body as { Errors?: unknown } | null)?.Errors);
  const message = error.message;
  const fields: Partial<Record<Field, string>> = {};
  for (const { Field, Message } of listed) {
    if (Field === 'Schedule' || Field === 'TimeZone') fields[Field] = Message;
  }
  const named = Object.keys(fields).length > 0;
  if (error.status === 400 && !named) fields.Schedule = message;
  return { fields, general: error.status === 400 ? '' : message };
}

/**
 * A job's schedule to change: cron and time zone, the cron read back in words as it is typed;
 * the server's refusal is shown at its field.
 */
export function ScheduleForm({
  job,
  describe,
  onSaved,
  onCancel,
}: {
  job: Job;
  describe: (cron: string) => string | null;
  onSaved(job: Job): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [cron, setCron] = useState(job.Schedule);
  const [zone, setZone] = useState<string>(job.TimeZone);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf> | null>(null);
  const zones = useMemo(() => timeZones(job.TimeZone), [job.TimeZone]);
  const words = cron.trim() === '' ? null : describe(cron.trim());

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setRefusal(null);
    try {
      onSaved(await jobsApi.reschedule(job.Name, { Schedule: cron.trim(), TimeZone: zone }));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={t('JOBS.CHANGE_SCHEDULE')}>
      <Stack gap="sm" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <TextInput
          maw={520}
          label={t('JOBS.FORM.CRON')}
          description={t('JOBS.FORM.CRON_HELP')}
          value={cron}
          onChange={(event) => {
            setCron(event.currentTarget.value);
            setRefusal(null);
          }}
          error={refusal?.fields.Schedule}
          required
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        {words && (
          <Text size="sm" aria-live="polite">
            {words}
          </Text>
        )}
        <Select
          maw={520}
          label={t('JOBS.FORM.TIME_ZONE')}
          data={zones}
          value={zone}
          onChange={(value) => value && setZone(value)}
          error={refusal?.fields.TimeZone}
          searchable
          allowDeselect={false}
          limit={50}
          required
        />
        {refusal?.general && (
          <Alert color="red" role="alert">
            {t('JOBS.FORM.NOT_SAVED', { message: refusal.general })}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={saving}>
            {t('JOBS.FORM.SAVE')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('JOBS.FORM.CANCEL')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
