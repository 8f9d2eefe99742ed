import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  loginAuditEntity,
  type LoginChartGrouping,
  loginChartGroupings,
  loginChartRowSchema,
} from '#metadata';
import { loginChart } from '../../../repositories/login-audit';

const chartQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** Empty or absent: by hour, where the chart starts (spec 9). */
    groupBy: { type: 'string', enum: ['', ...loginChartGroupings] },
  },
} as const;

/**
 * `GET api/UserLoginAuditChart/GetChartData?groupBy=`: successful and failed sign-ins per
 * hour (the last 24), day (30), week (12, from Monday) or month (12), buckets in UTC.
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
      const buckets = await loginChart(app.db, grouping);
      return buckets.map((bucket) => ({
        Dt: bucket.dt.toISOString(),
        Succeed: bucket.succeed,
        Failed: bucket.failed,
      }));
    },
  );
}
