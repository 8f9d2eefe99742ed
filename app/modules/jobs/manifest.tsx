import { lazy } from 'react';
import { jobRunEntity, jobsSettings } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { HangfireViewPage } from './hangfire-view-page';
import { JobTitleCell, RunMessage, RunStateBadge, RunTrigger } from './run-state';

const JobsScreen = lazy(() =>
  import('./jobs-screen').then((screen) => ({ default: screen.JobsScreen })),
);

/** The jobs page (recurring jobs above their run history) and the old `/hangfireview` note. */
export const jobsManifest: ModuleManifest = {
  name: 'jobs',
  screens: { hangfireview: HangfireViewPage, jobs: JobsScreen },
  entityExtensions: {
    [jobRunEntity.name]: {
      cells: {
        JobName: (value) => <JobTitleCell name={value} />,
        State: (value) => <RunStateBadge state={value} />,
        Trigger: (value) => <RunTrigger trigger={value} />,
        Message: (value) => <RunMessage message={value} />,
      },
    },
  },
  settingsSections: [{ section: jobsSettings, order: 110 }],
};
