import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobLastRun } from './jobs-api';
import type { JobFormat } from './job-format';
import { RunStateBadge } from './run-state';

function RunProgress({ run }: { run: JobLastRun }) {
  const { t } = useTranslation();
  const done = run.ProgressDone ?? null;
  const total = run.ProgressTotal ?? null;
  if (done === null) return null;
  if (total === null || total <= 0) {
    return <Text size="sm">{t('JOBS.PROGRESS_DONE', { done })}</Text>;
  }
  const label = t('JOBS.PROGRESS', { done, total });
  return (
    <Stack gap={2}>
      <Progress value={Math.min(100, (done / total) * 100)} aria-label={label} size="sm" />
      <Text size="xs" c="gray.7">
        {label}
      </Text>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="gray.7" size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** A job's latest run: its state, when it started, how long it took, its rows and message. */
export function LastRun({
  run,
  waiting,
  format,
}: {
  run: JobLastRun | null;
  /** A run asked for from this page has not started yet. */
  waiting: boolean;
  format: JobFormat;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {waiting && (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} color="gray" aria-hidden />
          <Text size="sm" role="status">
            {t('JOBS.RUN_ASKED')}
          </Text>
        </Group>
      )}
      {run === null ? (
        !waiting && (
          <Text size="sm" c="gray.7">
            {t('JOBS.NOT_RUN_YET')}
          </Text>
        )
      ) : (
        <>
          <Group gap="xs">
            <RunStateBadge state={run.State} />
            <Text size="sm">{format.moment(run.StartedAt)}</Text>
          </Group>
          {run.State === 'running' && <RunProgress run={run} />}
          {run.Duration !== null && (
            <Detail label={t('JOBS.DURATION')}>{format.duration(run.Duration)}</Detail>
          )}
          {run.Rows !== null && run.Rows !== undefined && (
            <Detail label={t('ENTITY.JOB_RUN.ROWS')}>{format.count(run.Rows)}</Detail>
          )}
          {run.Message && (
            <Text
              size="sm"
              c={run.State === 'failed' ? 'red.8' : undefined}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {run.Message}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
