import type { EntityHooks } from '../../engine/entity-hooks';

const queueOnly = 'The run history is written by the job queue only.';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The run history: read by holders of ManageJobs, written only by the queue. */
export const jobRunHooks: EntityHooks = {
  refuseWrites: queueOnly,
  refuseDeletes: queueOnly,
  decorate: (row) => ({
    ...row,
    ...(row.Id === undefined ? {} : { Id: Number(row.Id) }),
    ...(row.RetryOf === undefined || row.RetryOf === null ? {} : { RetryOf: Number(row.RetryOf) }),
    ...(row.QueuedAt === undefined ? {} : { QueuedAt: iso(row.QueuedAt) }),
    ...(row.StartedAt === undefined ? {} : { StartedAt: iso(row.StartedAt) }),
    ...(row.EndedAt === undefined ? {} : { EndedAt: iso(row.EndedAt) }),
  }),
};
