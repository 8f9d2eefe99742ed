import type { EntityHooks } from '../../engine/entity-hooks';

const signInOnly = 'The login audit is written by the sign-in only.';

/** The login audit: read by holders of ViewLoginAudit, written only by the sign-in itself. */
export const loginAuditHooks: EntityHooks = {
  refuseWrites: signInOnly,
  refuseDeletes: signInOnly,
  decorate: (row) => ({
    ...row,
    ...(row.Id === undefined ? {} : { Id: Number(row.Id) }),
    ...(row.LoginTime instanceof Date ? { LoginTime: row.LoginTime.toISOString() } : {}),
  }),
};
