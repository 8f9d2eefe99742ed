import { lazy } from 'react';
import { compactionSettingsSection } from '#metadata';
import type { ModuleManifest } from '#platform/ui';

// Loaded on demand: the charts stay out of the bundle of the sign-in page.
const CompactionCalculatorPage = lazy(() =>
  import('./compaction-calculator-page').then((page) => ({
    default: page.CompactionCalculatorPage,
  })),
);

/** The compaction calculator: "what if" for staff, two lifts compared. */
export const compactionManifest: ModuleManifest = {
  name: 'compaction',
  screens: { compactioncalculator: CompactionCalculatorPage },
  settingsSections: [{ section: compactionSettingsSection, order: 80 }],
};
