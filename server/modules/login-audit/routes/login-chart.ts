import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  loginAuditEntity,
  type LoginChartGrouping,
  loginChartGroupings,
  loginChartRowSchema,
} from '#metadata';
import { AppError } from '../../../errors/app-error';
import { loginChart } from '../login-audit-repository';

const chartQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** Empty or absent: by hour, where the chart starts (spec 9). */
    groupBy: { type: 'string', enum: ['', ...loginChartGroupings] },
    /** The IANA time zone whose wall clock the buckets follow (the browser's); UTC if absent. */
    timeZone: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z][A-Za-z0-9_+/-]*$',
    },
  },
} as const;

/** Whether the runtime's IANA database knows the zone (links such as Asia/Kolkata too). */
function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `GET api/UserLoginAuditChart/GetChartData?groupBy=`: successful and failed sign-ins per
 * hour (the last 24), day (30), week (12, from Monday) or month (12), buckets following the
 * wall clock of `timeZone` (UTC when absent).
 */
export async function loginChartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/UserLoginAuditChart/GetChartData',
    {
      config: { permission: loginAuditEntity.permissions.read },
      schema: {
        querystring: chartQuery,
        response: { 200: { type: 'array', items: loginChartRowSchema } },
      },
    },
    async (request) => {
      const grouping: LoginChartGrouping = request.query.groupBy || 'hour';
      const timeZone = request.query.timeZone ?? 'UTC';
      if (!knownTimeZone(timeZone)) {
        throw new AppError('BadRequest', `timeZone: '${timeZone}' is not a known time zone.`, [
          { Field: 'timeZone', Message: 'is not a known IANA time zone' },
        ]);
      }
      const buckets = await loginChart(app.db, grouping, timeZone).catch((error: unknown) => {
        // A name the runtime knows but the database's time-zone data does not.
        if (error instanceof Error && /time zone/i.test(error.message)) {
          throw new AppError('BadRequest', `timeZone: the database does not know '${timeZone}'.`, [
            { Field: 'timeZone', Message: 'is not known to the database' },
          ]);
        }
        throw error;
      });
      return buckets.map((bucket) => ({
        Dt: bucket.dt.toISOString(),
        Succeed: bucket.succeed,
        Failed: bucket.failed,
      }));
    },
  );
}
