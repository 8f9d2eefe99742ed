import { feedbackSettings } from '#metadata';
import type { ModuleManifest } from '#platform/ui';
import { ReportAProblemPage } from './report-a-problem-page';

export const aboutManifest: ModuleManifest = {
  name: 'about',
  screens: { reportaproblem: ReportAProblemPage },
  settingsSections: [{ section: feedbackSettings, order: 120 }],
};
