import type { ServerModule } from '../module';
import { designHooks } from './entity-hooks';

/** Grid pages and data sources: the definitions the low-code designers edit. */
export const designsModule: ServerModule = {
  name: 'designs',
  entityHooks: { GridPages: designHooks, DataSources: designHooks },
};
