import type { FastifyInstance } from 'fastify';
import { odataPageSchema, odataQuerySchema } from '#metadata';
import { listEntity, maxListTop } from '../entity-list';
import { accessById } from './caller';

/** The two list calls the spec gives most entities: every row, and the OData list. */
export interface ListCalls {
  /** The data source whose rows they list. */
  entityId: number;
  /** Who may call them (the hooks' row scope still applies). */
  permission: string;
  /** An answered row: its required fields are the ones listed. */
  item: { readonly properties: object; readonly required: readonly string[] };
  /** The field rows are sorted by unless the caller asks otherwise. */
  orderBy: string;
  /** `GET` of every row the caller reaches (up to 1000), e.g. `/api/groups/GetAllGroups`. */
  all: string;
  /** The OData list, e.g. `/odata/GroupsOData`. */
  odata: string;
}

/**
 * Registers a module's two list calls as thin adapters onto the engine's list.
 *
 * @example await listCalls(app, { entityId: groupEntity.id, permission: 'ManageGroups',
 *   item: groupSummarySchema, orderBy: 'Name', all: '/api/groups/GetAllGroups',
 *   odata: '/odata/GroupsOData' });
 */
export async function listCalls(app: FastifyInstance, calls: ListCalls): Promise<void> {
  const config = { permission: calls.permission };
  const $select = calls.item.required.join(',');
  const orderBy = [{ field: calls.orderBy, desc: false }];
  app.get(
    calls.all,
    { config, schema: { response: { 200: { type: 'array', items: calls.item } } } },
    async (request) => {
      const access = await accessById(request, calls.entityId);
      const params = { $select, $top: String(maxListTop) };
      return (await listEntity(app.db, access, params, { orderBy })).value;
    },
  );
  app.get(
    calls.odata,
    {
      config,
      schema: { querystring: odataQuerySchema, response: { 200: odataPageSchema(calls.item) } },
    },
    async (request) => {
      const access = await accessById(request, calls.entityId);
      const query = request.query as Record<string, string | string[]>;
      // Counted unless the caller says `$count=false`: the spec's lists show the total.
      return listEntity(app.db, access, { $select, $count: 'true', ...query }, { orderBy });
    },
  );
}
