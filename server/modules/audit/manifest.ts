import type { ServerModule } from '../module';
import { changeLogHooks } from './entity-hooks';

/** The change log (audit log). */
export const auditModule: ServerModule = {
  name: 'audit',
  entityHooks: { ChangeLogs: changeLogHooks },
};
