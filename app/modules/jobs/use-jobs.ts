import { useCallback, useEffect, useRef, useState } from 'react';
import { isUnderWay, type Job, jobsApi } from './jobs-api';
import { useJobTitles } from './job-titles';

/** How often the page asks again while a run is waiting or running. */
export const jobsPollMs = 2_000;

export type JobsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; jobs: Job[] };

/** Runs asked for from this page, by job name, until they show as the job's ended last run. */
type Asked = Readonly<Record<string, number>>;

function stillWaiting(asked: Asked, jobs: Job[]): Asked {
  return Object.fromEntries(
    Object.entries(asked).filter(([name, runId]) => {
      const last = jobs.find((job) => job.Name === name)?.LastRun;
      return !last || last.Id < runId || isUnderWay(last.State);
    }),
  );
}

/**
 * The recurring jobs, loaded again every `jobsPollMs` while a run of one is waiting or
 * running; `historyKey` changes whenever a run is asked for, starts or ends, for the run
 * history to load again.
 */
export function useJobs() {
  const [state, setState] = useState<JobsState>({ status: 'loading' });
  const [asked, setAsked] = useState<Asked>({});
  const [polls, setPolls] = useState(0);
  // Only the latest answer may set the jobs (a poll must not undo a change saved meanwhile).
  const round = useRef(0);

  const show = useCallback((jobs: Job[]) => {
    setState({ status: 'ready', jobs });
    setAsked((current) => stillWaiting(current, jobs));
    useJobTitles.setState(Object.fromEntries(jobs.map((job) => [job.Name, job.Title])));
  }, []);

  const load = useCallback(
    async (quiet: boolean) => {
      const mine = ++round.current;
      try {
        const jobs = await jobsApi.list(quiet);
        if (mine === round.current) show(jobs);
      } catch {
        if (!quiet && mine === round.current) setState({ status: 'failed' });
      }
    },
    [show],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const jobs = state.status === 'ready' ? state.jobs : [];
  const busy =
    Object.keys(asked).length > 0 ||
    jobs.some((job) => job.LastRun !== null && isUnderWay(job.LastRun.State));

  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(
      () => void load(true).finally(() => setPolls((count) => count + 1)),
      jobsPollMs,
    );
    return () => window.clearTimeout(timer);
  }, [busy, polls, load]);

  /** Puts a job as the server answered a change of it. */
  const replace = useCallback((changed: Job) => {
    round.current++;
    setState((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            jobs: current.jobs.map((job) => (job.Name === changed.Name ? changed : job)),
          }
        : current,
    );
  }, []);

  /** Notes a run asked for, to follow it until it ends. */
  const follow = useCallback(
    (name: string, runId: number) => {
      setAsked((current) => ({ ...current, [name]: runId }));
      void load(true);
    },
    [load],
  );

  const historyKey = [
    ...jobs.map((job) => `${job.Name}:${job.LastRun?.Id ?? ''}:${job.LastRun?.State ?? ''}`),
    ...Object.entries(asked).map(([name, runId]) => `${name}>${runId}`),
  ].join('|');

  return { state, asked, replace, follow, historyKey };
}
