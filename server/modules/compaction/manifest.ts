import { compactionSettingsSection } from '#metadata';
import { compactionSettingRule } from './compaction-settings';
import type { ServerModule } from '../module';
import { compactionCalculateRoutes } from './routes/calculate';

/** Compaction: the calculator call on the cooling model, and its settings. */
export const compactionModule: ServerModule = {
  name: 'compaction',
  settings: { sections: [compactionSettingsSection], check: compactionSettingRule },
  entityHooks: {},
  routes: compactionCalculateRoutes,
};
