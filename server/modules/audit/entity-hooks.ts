import { actionTypeText, storedChanges } from '../../engine/change-log';
import type { EntityHooks } from '../../engine/entity-hooks';

const serverOnly = 'The change log is written by the server only.';

/**
 * The change log: read by holders of ViewAuditLog, written only by the server (a note through
 * `SaveChangeLog` is attributed to its caller at the current time).
 */
export const changeLogHooks: EntityHooks = {
  refuseWrites: serverOnly,
  refuseDeletes: serverOnly,
  decorate: (row) => ({
    ...row,
    Id: Number(row.Id),
    ...(row.DateTime instanceof Date ? { DateTime: row.DateTime.toISOString() } : {}),
    ...(row.ActionType === undefined
      ? {}
      : { ActionTypeText: actionTypeText(Number(row.ActionType)) }),
    ...(row.Changes === undefined ? {} : { Changes: storedChanges(row.Changes) }),
  }),
};
