/** The jobs module's door: what other modules may use to declare and ask for jobs. */
export type { JobContext, JobDefinition, JobOutcome } from './job-definition';
export { jobsPlugin } from './jobs-plugin';
