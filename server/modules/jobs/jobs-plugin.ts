import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobDefinition } from './job-definition';
import { JobQueue } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobQueue: JobQueue;
  }
}

export interface JobsPluginOptions {
  definitions: readonly JobDefinition[];
  /** Run jobs and keep schedules on this instance (JOBS); otherwise only send runs asked for. */
  working: boolean;
  timeZone: string;
}

/**
 * The job queue of this instance: starting once the app is ready, stopped as it starts to
 * close (a run under way is given 10 s to end, else it runs again after the restart).
 */
/** The queue starts this long after the app is ready: the first requests come first. */
const startDelayMs = 1_000;

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const queue = new JobQueue({
      db: app.db,
      rawQuery: app.database.rawQuery,
      kind: app.database.kind,
      definitions: options.definitions,
      log: app.log.child({ part: 'jobs' }),
      timeZone: options.timeZone,
      working: options.working,
    });
    app.decorate('jobQueue', queue);
    // Not awaited (see JobQueue.start): the queue's start (0.6-0.8 s of queries on the embedded
    // database) need not hold up listening, and no answer depends on it. A run asked for
    // meanwhile waits for it, and closing waits for it before stopping the queue.
    app.addHook('onReady', async () => {
      queue.start(startDelayMs);
    });
    app.addHook('preClose', async () => queue.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
