import { sql, type SqlBool } from 'kysely';
import { actionTypeText, storedChanges } from '../../engine/change-log';
import { changeLogReach } from '../../engine/change-log-reach';
import type { EntityHooks } from '../../engine/entity-hooks';

const serverOnly = 'The change log is written by the server only.';

/**
 * The change log: read by holders of ViewAuditLog, each entry only by those who may read the
 * row it tells about and without the changes of fields hidden from them (see changeLogReach);
 * written only by the server (a note through `SaveChangeLog` is attributed to its caller at
 * the current time).
 */
export const changeLogHooks: EntityHooks = {
  // Until the caller's reach is worked out, no entry: an access made without it shows none.
  rowScope: () => () => sql<SqlBool>`false`,
  reach: changeLogReach,
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
