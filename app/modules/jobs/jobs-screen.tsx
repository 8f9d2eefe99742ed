import { Alert, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityGrid, useCurrentRoute, useGridPage } from '#platform/ui';
import { useCronWords } from './cron-words';
import { JobCard } from './job-card';
import { browserTimeZone, jobFormat } from './job-format';
import { JobTitle, RunStateBadge, RunTrigger } from './run-state';
import { useJobs } from './use-jobs';

const renderFilterValue = {
  JobName: (value: string) => <JobTitle name={value} />,
  State: (value: string) => <RunStateBadge state={value} />,
  Trigger: (value: string) => <RunTrigger trigger={value} />,
};

/**
 * `/admin/jobs`: the recurring jobs (schedule in words, next runs, last run; run now, pause,
 * reschedule, retry) above the engine's grid of their runs.
 */
export function JobsScreen() {
  const { t, i18n } = useTranslation();
  const route = useCurrentRoute();
  const page = useGridPage(route.GridPage);
  const { state, asked, replace, follow, historyKey } = useJobs();
  const describe = useCronWords();
  const format = useMemo(() => jobFormat(i18n.language), [i18n.language]);
  const timeZone = useMemo(browserTimeZone, []);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2}>{t('ROUTES.JOBS')}</Title>
        <Text size="sm" c="gray.7">
          {t('JOBS.TIMES_IN', { timeZone })}
        </Text>
      </Group>
      {state.status === 'loading' && (
        <Center mih={120}>
          <Loader type="dots" />
        </Center>
      )}
      {state.status === 'failed' && <Alert color="red">{t('JOBS.LOAD_FAILED')}</Alert>}
      {state.status === 'ready' &&
        state.jobs.map((job) => (
          <JobCard
            key={job.Name}
            job={job}
            askedRun={asked[job.Name]}
            format={format}
            describe={describe}
            onChanged={replace}
            onRunAsked={follow}
          />
        ))}
      <Title order={3} mt="md">
        {t('JOBS.HISTORY')}
      </Title>
      {page.status === 'loading' && (
        <Center mih={200}>
          <Loader type="dots" />
        </Center>
      )}
      {page.status === 'failed' && <Alert color="red">{t('ENGINE.PAGE_NOT_LOADED')}</Alert>}
      {/* After the jobs: the history names each job by the title they bring. */}
      {page.status === 'ready' && state.status !== 'loading' && (
        <EntityGrid
          page={page.value}
          refreshKey={historyKey}
          renderFilterValue={renderFilterValue}
        />
      )}
    </Stack>
  );
}
