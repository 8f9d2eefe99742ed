import { Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnderWay, type Job, jobsApi } from './jobs-api';
import type { JobFormat } from './job-format';
import { LastRun } from './last-run';
import { ScheduleForm } from './schedule-form';

function Part({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={6} miw={0}>
      <Text size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function NextRuns({ job, format }: { job: Job; format: JobFormat }) {
  const { t } = useTranslation();
  if (job.NextRuns.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('JOBS.NONE_WHILE_PAUSED')}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {job.NextRuns.map((at, index) => (
        <Text component="li" size="sm" key={at}>
          <time dateTime={at}>{format.nextRun(at)}</time>
          {index === 0 && (
            <Text span size="sm" c="gray.7">
              {' '}
              ({format.fromNow(at)})
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

export interface JobCardProps {
  job: Job;
  /** The run asked for from this page that has not ended, if any. */
  askedRun: number | undefined;
  format: JobFormat;
  describe: (cron: string) => string | null;
  onChanged(job: Job): void;
  onRunAsked(name: string, runId: number): void;
}

/** One recurring job: its schedule in words, next runs, last run and what may be done to it. */
export function JobCard({ job, askedRun, format, describe, onChanged, onRunAsked }: JobCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'run' | 'retry' | 'pause' | null>(null);
  const last = job.LastRun;
  const waiting = askedRun !== undefined && (last === null || last.Id < askedRun);
  const underWay = waiting || (last !== null && isUnderWay(last.State));
  const words = describe(job.Schedule);

  const act = async (what: 'run' | 'retry' | 'pause', call: () => Promise<void>) => {
    setBusy(what);
    try {
      await call();
    } catch {
      // The HTTP client has shown what went wrong.
    } finally {
      setBusy(null);
    }
  };
  const run = (retryOf?: number) =>
    act(retryOf === undefined ? 'run' : 'retry', async () => {
      const { RunId } = await jobsApi.run(job.Name, retryOf);
      onRunAsked(job.Name, RunId);
    });
  const toggle = () =>
    act('pause', async () => onChanged(await jobsApi.setEnabled(job.Name, !job.Enabled)));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs" miw={0} style={{ flex: '1 1 16rem' }}>
            <Title order={3} size="h4" id={headingId}>
              {t(job.Title)}
            </Title>
            <Badge
              color={job.Enabled ? 'teal.9' : 'gray.7'}
              variant="outline"
              tt="none"
              flex="none"
            >
              {t(job.Enabled ? 'JOBS.ACTIVE' : 'JOBS.PAUSED')}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              // The theme's indigo.6 is too light behind small white text (WCAG AA).
              color="indigo.7"
              onClick={() => void run()}
              loading={busy === 'run'}
              disabled={underWay}
            >
              {t('JOBS.RUN_NOW')}
            </Button>
            {last?.State === 'failed' && !underWay && (
              <Button
                size="xs"
                color="red.9"
                variant="outline"
                onClick={() => void run(last.Id)}
                loading={busy === 'retry'}
              >
                {t('JOBS.RETRY')}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              onClick={() => void toggle()}
              loading={busy === 'pause'}
            >
              {t(job.Enabled ? 'JOBS.PAUSE' : 'JOBS.RESUME')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing((open) => !open)}
              aria-expanded={editing}
            >
              {t('JOBS.CHANGE_SCHEDULE')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
          <Part label={t('JOBS.SCHEDULE')}>
            <Text size="sm" fw={500}>
              {words === null ? t('JOBS.SCHEDULE_UNREADABLE') : words}
            </Text>
            <Group gap={6}>
              <Code>{job.Schedule}</Code>
              <Text size="sm" c="gray.7">
                {t('JOBS.TIME_ZONE_OF_SCHEDULE', { timeZone: job.TimeZone })}
              </Text>
            </Group>
          </Part>
          <Part label={t('JOBS.NEXT_RUNS')}>
            <NextRuns job={job} format={format} />
          </Part>
          <Part label={t('JOBS.LAST_RUN')}>
            <LastRun run={last} waiting={waiting} format={format} />
          </Part>
        </SimpleGrid>
        {editing && (
          <ScheduleForm
            job={job}
            describe={describe}
            onSaved={(saved) => {
              setEditing(false);
              onChanged(saved);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </Stack>
    </Paper>
  );
}
