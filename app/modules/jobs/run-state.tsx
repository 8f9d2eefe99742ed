import { Badge, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type JobRunState, type JobRunTrigger, jobRunStates, jobRunTriggers } from '#metadata';
import { useJobTitles } from './job-titles';

export const stateTexts: Readonly<Record<JobRunState, string>> = {
  queued: 'JOBS.STATE.QUEUED',
  running: 'JOBS.STATE.RUNNING',
  succeeded: 'JOBS.STATE.SUCCEEDED',
  failed: 'JOBS.STATE.FAILED',
  interrupted: 'JOBS.STATE.INTERRUPTED',
};

/** Filled, in shades dark (or light) enough for their text to pass WCAG AA. */
const stateColours: Readonly<Record<JobRunState, { bg: string; text: string }>> = {
  queued: { bg: 'gray.7', text: 'white' },
  running: { bg: 'blue.8', text: 'white' },
  succeeded: { bg: 'teal.9', text: 'white' },
  failed: { bg: 'red.9', text: 'white' },
  interrupted: { bg: 'yellow.5', text: 'dark.9' },
};

const triggerTexts: Readonly<Record<JobRunTrigger, string>> = {
  schedule: 'JOBS.TRIGGER.SCHEDULE',
  manual: 'JOBS.TRIGGER.MANUAL',
  retry: 'JOBS.TRIGGER.RETRY',
};

const isState = (value: unknown): value is JobRunState =>
  jobRunStates.includes(value as JobRunState);
const isTrigger = (value: unknown): value is JobRunTrigger =>
  jobRunTriggers.includes(value as JobRunTrigger);

/** A run's state as a coloured badge with its word; a run under way spins. */
export function RunStateBadge({ state }: { state: unknown }) {
  const { t } = useTranslation();
  if (!isState(state)) return <>{String(state ?? '')}</>;
  const underWay = state === 'queued' || state === 'running';
  const { bg, text } = stateColours[state];
  return (
    <Badge
      color={bg}
      c={text}
      variant="filled"
      tt="none"
      leftSection={underWay ? <Loader size={10} color={text} aria-hidden /> : null}
    >
      {t(stateTexts[state])}
    </Badge>
  );
}

/** How a run came about, in words. */
export function RunTrigger({ trigger }: { trigger: unknown }) {
  const { t } = useTranslation();
  return <>{isTrigger(trigger) ? t(triggerTexts[trigger]) : String(trigger ?? '')}</>;
}

/** A job by its title in the user's language (its name until the jobs have loaded). */
export function JobTitle({ name }: { name: unknown }) {
  const { t } = useTranslation();
  const title = useJobTitles((titles) => (typeof name === 'string' ? titles[name] : undefined));
  return <>{title ? t(title) : String(name ?? '')}</>;
}

const wrapped = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A job's title in a grid cell, wrapped rather than cut. */
export function JobTitleCell({ name }: { name: unknown }) {
  return (
    <Text size="sm" style={wrapped}>
      <JobTitle name={name} />
    </Text>
  );
}

/** A run's message, whole and wrapped, so a failure can be read in the grid. */
export function RunMessage({ message }: { message: unknown }) {
  if (typeof message !== 'string' || message === '') return null;
  return (
    <Text size="sm" style={wrapped}>
      {message}
    </Text>
  );
}
