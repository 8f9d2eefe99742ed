import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import {
  deliveryEntity,
  deliveryListParams,
  deliveryPermissions,
  type EntityValues,
  entityValuesSchema,
} from '#metadata';
import type { ODataParams } from '#platform/core';
import { entityValues, listEntity } from '../../../engine/entity-list';
import { maxDistinctValues } from '../../../engine/odata/index';
import { accessById } from '../../../engine/routes/caller';
import { deliveryListFilters, deliveryListWhere } from '../rules/list-filters';
import {
  deliveryListQuerySchema,
  deliveryPageSchema,
  filterValuesParamsSchema,
  filterValuesQuerySchema,
} from './delivery-schemas';

const view = { permission: deliveryPermissions.read };
const byStartTime = [{ field: 'StartTime0', desc: false }];
const homePageSize = deliveryEntity.grid.PageSize;
/** The home list counts this many at most: beyond, the grid shows "10,000+" (cheap at 1M rows). */
export const deliveryCountLimit = 10_000;

/**
 * The home grid's list and its filter value lists: the engine's OData list of deliveries,
 * with the grid's own filters (past deliveries, Mine, active units) as a restriction beside it.
 */
export async function deliveryListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/odata/DeliveriesOData/CentreService.GetDeliveriesForCurrentUser',
    {
      config: view,
      schema: { querystring: deliveryListQuerySchema, response: { 200: deliveryPageSchema } },
    },
    async (request) => {
      const access = await accessById(request, deliveryEntity.id);
      const { ShowPast, MineOnly, ActiveUnitsOnly, ...odata } = request.query;
      const filters = deliveryListFilters(access.caller, { ShowPast, MineOnly, ActiveUnitsOnly });
      // Counted unless the caller says `$count=false`: the grid shows the total.
      const params = { $count: 'true', ...odata } as ODataParams;
      return listEntity(app.db, access, params, {
        orderBy: byStartTime,
        top: homePageSize,
        allowed: deliveryListParams,
        where: deliveryListWhere(access.rowStorage, filters),
        countLimit: deliveryCountLimit,
      });
    },
  );

  app.get(
    '/api/Deliveries/FilterValues/:field',
    {
      config: view,
      schema: {
        params: filterValuesParamsSchema,
        querystring: filterValuesQuerySchema,
        response: { 200: entityValuesSchema },
      },
    },
    async (request) => {
      const access = await accessById(request, deliveryEntity.id);
      const { search, top, desc, ShowPast, MineOnly, ActiveUnitsOnly } = request.query;
      const filters = deliveryListFilters(access.caller, { ShowPast, MineOnly, ActiveUnitsOnly });
      const values = await entityValues(
        app.db,
        access,
        request.params.field,
        search ?? null,
        Math.min(top ?? 100, maxDistinctValues),
        {
          where: deliveryListWhere(access.rowStorage, filters),
          filter: request.query.$filter ?? null,
          desc: desc === true,
        },
      );
      // Filterable fields are scalars; an instant goes out as ISO text.
      return values.map((value) =>
        value instanceof Date ? value.toISOString() : value,
      ) as EntityValues;
    },
  );
}
